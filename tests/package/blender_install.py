"""Inside `blender -b`: installs the packaged add-on zip as a user would
(Preferences > Add-ons > Install, into BLENDER_USER_SCRIPTS), enables it and
imports a sample Atlas through its operator.

    blender -b --factory-startup --python-exit-code 1 --python blender_install.py -- ZIP SAMPLES WORK
"""
import os
import sys

import bpy

zip_path, samples, work = sys.argv[sys.argv.index("--") + 1:][:3]
os.environ.pop("STRATA_LIBRARY", None)
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.preferences.addon_install(filepath=zip_path, overwrite=True)
bpy.ops.preferences.addon_enable(module="strata_blender")
import strata_blender  # noqa: E402
import strata_blender.strata as packaged  # noqa: E402

scripts = os.environ["BLENDER_USER_SCRIPTS"]
assert os.path.abspath(strata_blender.__file__).startswith(scripts), strata_blender.__file__
library = packaged.library_path()
assert library == os.path.join(os.path.dirname(packaged.__file__), "lib", "libstrata.so"), library
result = bpy.ops.import_scene.strata_atlas(filepath=os.path.join(samples, "terrain-v140.atlas"))
assert result == {"FINISHED"}, result
meshes = [o for o in bpy.data.objects if o.type == "MESH"]
assert len(meshes) == 16, [o.name for o in meshes]
assert {o.name for o in meshes} >= {"L2_0_0", "L2_3_3"}, [o.name for o in meshes]
print("strata add-on installed and imported %d chunks with %s" % (len(meshes), library))
