"""The Maya-free half of the Strata Maya plug-in: everything the translators
hand to Maya, computed from a strata Scene in plain Python (no maya import), so
it is tested value by value without Maya (tests/maya/).

- flat:      flat-array helpers (array.array; numpy input accepted, not needed)
- axes:      Strata's Z-up source units <-> the Maya scene's up axis and internal unit
- meshes:    the arrays of MFnMesh.create, assignUVs, setFaceVertexNormals,
             setFaceVertexColors and the blendShape target, per chunk or merged
- materials: one material plan per scene material, images written as PNG
- names:     Maya node names from file and chunk names
- options:   the translators' option string
- identify:  which translator a file belongs to, by magic
- export:    Maya mesh read-outs -> chunks for strata.export_atlas
"""
