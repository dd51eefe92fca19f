"""Finding or making each object's asset: a user-imported catalog asset, remote 3D, else a generator."""
