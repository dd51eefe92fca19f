"""The scene's output: composition, camera, look, behaviours, the Three.js page and the GLB."""
