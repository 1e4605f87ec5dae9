"""Helpers of the stand-in translator tests: driving a translator as Maya does
(MFileObject, option string, access mode) and reading the stand-in's scene."""
import maya.OpenMaya as om1
import maya.OpenMayaMPx as ompx
from maya import _scene

from strata_maya_core import options as core_options


def translator(name):
    """A translator instance as Maya makes one: the registered creator."""
    return ompx.REGISTERED[name]["creator"]()


def file_object(path):
    f = om1.MFileObject()
    f.setRawFullName(str(path))
    return f


def identify(name, path):
    return translator(name).identifyFile(file_object(path), "", 0)


def run_import(name, path, **options):
    t = translator(name)
    t.reader(file_object(path), core_options.format_options(options),
             ompx.MPxFileTranslator.kImportAccessMode)


def run_export(path, selection=False, **options):
    t = translator("Torque Atlas")
    mode = (ompx.MPxFileTranslator.kExportActiveAccessMode if selection
            else ompx.MPxFileTranslator.kExportAccessMode)
    t.writer(file_object(path), core_options.format_options(options), mode)


def state():
    return _scene.STATE


def meshes():
    """{transform name: mesh node} of the scene's (non-intermediate) meshes."""
    return {m.parent.name: m for m in state().meshes()}


def group(name):
    return next(n for n in state().nodes if n.type == "transform" and n.parent is None
                and n.name == name)
