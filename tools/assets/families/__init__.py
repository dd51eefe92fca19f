"""Generator families; importing this package registers every generator."""

from tools.assets.families import (  # noqa: F401
    basic,
    bath,
    built,
    built_outdoor,
    built_yard,
    furniture,
    furniture_fittings,
    furniture_storage,
    furniture_workshop,
    kitchen,
    kitchen_counters,
    motion,
    motion_sky,
    nature,
    nature_objects,
    props_home,
    props_leisure,
    props_storage,
    vehicles,
)
