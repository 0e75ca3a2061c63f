"""Morituri Te Salutamus's box screen: the input controller (screen), its button entry, its lights and its words."""
