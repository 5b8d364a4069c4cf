"""Writing into the user's output folder: ownership manifest, folder lock, atomic writes.

Owns ``writer`` (a tree of files written atomically, only where errgen owns them),
``ownership`` (the manifest of what errgen wrote), ``paths`` (links on the way to a file, catalog
folders: what a warm build checks) and ``outlock`` (one build per folder at a
time). May import `errgen.catalog` and `errgen.targets`.
"""
