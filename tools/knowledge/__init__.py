"""What Diorama knows about the world: kinds, places, reference sizes and the words for them."""
