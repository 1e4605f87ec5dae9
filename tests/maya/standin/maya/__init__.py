"""A stand-in for the few Maya modules the Strata plug-in uses (maya.cmds,
maya.api.OpenMaya, maya.OpenMaya, maya.OpenMayaMPx), for tests without Maya.

It keeps a small scene (maya._scene.STATE: DAG nodes, meshes as Maya stores
them, attributes, connections, shading-group membership, blend shapes) and
records every call (STATE.calls), so tests check both what the plug-in asked
for and what a scene would then hold. Only the signatures the plug-in calls
exist, as Maya documents them (each module says where from); an unknown flag,
a wrong argument count or topology Maya would refuse raises, as Maya does.
"""
