"""Generator families; importing this package registers every generator."""

from tools.assets.families import basic, built, furniture, kitchen_bath, nature, props, vehicles  # noqa: F401
