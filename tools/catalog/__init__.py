"""The asset catalog: storage, search, import, GLB validation and remote 3D generation."""
