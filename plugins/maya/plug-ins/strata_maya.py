"""Strata file translators for Maya (a Python API 1.0 scripted plug-in).

File > Import: Torque Atlas, Torque CHU (textures from the same-stem .tqt), GTA V
texture dictionaries and drawables (a gallery of textured quads), and R&C2 tfrag
levels (pick any file of the level directory, e.g. core_index.bin). File >
Export All / Export Selection, type "Torque Atlas": terrain imported from an
.atlas, as edited, written onto that base file; type "GTA V textures": the
gallery's file textures, as edited, written into a copy of their .ytd (or
drawable).

Load it through the Strata module (strata.mod: plug-ins/, scripts/ with the
shared strata package, lib/libstrata.so); see plugins/maya/README.md.

Followed signatures: MPxFileTranslator (haveReadMethod, haveWriteMethod,
defaultExtension, filter, identifyFile(fileObject, buffer, size) returning
kIsMyFileType / kCouldBeMyFileType / kNotMyFileType, reader / writer(fileObject,
optionString, accessMode), kExportActiveAccessMode) from Maya's C++ reference
(help.autodesk.com .../cpp_ref/class_m_px_file_translator.html) and the
OpenMayaMPx stubs (Muream/maya-stubs src/maya-stubs/OpenMayaMPx.pyi: kIsMyFileType
0, kCouldBeMyFileType 1, kNotMyFileType 2, kExportActiveAccessMode 6);
MFnPlugin(mobject, vendor, version, apiVersion) and
registerFileTranslator(name, pixmapName, creator, optionsScriptName,
defaultOptionsString, requiresFullMel) as public Python translators (Autodesk's
OpenCTM exporter, pymel's translator base) call them; MFileObject.resolvedFullName
from the OpenMaya stubs. A Python API 1.0 plug-in, since API 2.0 has no
MPxFileTranslator; it defines no maya_useNewAPI.
"""
import sys

import maya.OpenMayaMPx as ompx

import strata
from strata_maya_core import identify, options

VENDOR = "Strata project"
VERSION = strata.__version__
OPTIONS_SCRIPT = "strataTranslatorOptions"  # scripts/strataTranslatorOptions.mel


def _call(fn, *args):
    """fn(*args), with the library's and the options' errors raised as Maya
    shows a translator's failure."""
    try:
        return fn(*args)
    except (strata.Error, ValueError) as e:
        raise RuntimeError("Strata: %s" % e)


class _Translator(ompx.MPxFileTranslator):
    kind = ""
    extension = ""
    patterns = ""

    def __init__(self):
        ompx.MPxFileTranslator.__init__(self)

    def haveReadMethod(self):
        return True

    def haveWriteMethod(self):
        return False

    def defaultExtension(self):
        return self.extension

    def filter(self):
        return self.patterns

    def identifyFile(self, fileObject, buffer, size):
        # The buffer holds the first bytes, but SWIG hands a C string to Python,
        # cut at the first zero byte; the library reads the magic itself.
        path = fileObject.resolvedFullName()
        if identify.is_mine(self.kind, path):
            return ompx.MPxFileTranslator.kIsMyFileType
        return ompx.MPxFileTranslator.kNotMyFileType

    def reader(self, fileObject, optionString, accessMode):
        import strata_maya_nodes
        _call(lambda: strata_maya_nodes.import_scene(fileObject.resolvedFullName(), self.kind,
                                                     options.parse(optionString)))


class _WriteBackTranslator(_Translator):
    """A translator that also writes edits back into the file they came from:
    write(path, selection, optionString) returns the library's report,
    warnings(report) what Maya warns of."""

    def haveWriteMethod(self):
        return True

    def writer(self, fileObject, optionString, accessMode):
        selection = accessMode == ompx.MPxFileTranslator.kExportActiveAccessMode
        report = _call(self.write, fileObject.resolvedFullName(), selection, optionString)
        import maya.cmds as cmds
        for text in self.warnings(report):
            cmds.warning("Strata: " + text)


class AtlasTranslator(_WriteBackTranslator):
    name = "Torque Atlas"
    kind = "atlas"
    extension = "atlas"
    patterns = "*.atlas"

    def write(self, path, selection, optionString):
        import strata_maya_nodes
        return strata_maya_nodes.export_scene(path, selection, options.parse(optionString))

    def warnings(self, report):
        for key, why in (("staleLods", "coarser levels still show the old terrain"),
                         ("morphZeroed", "topology changed: morph offsets set to zero")):
            if report.get(key):
                yield "%d chunks: %s" % (len(report[key]), why)


def _importer(cls_name, name, kind, extension, patterns):
    """A translator that imports only: its name in Maya's file dialogs, the
    identify.py kind, the default extension and the dialog's patterns."""
    return type(cls_name, (_Translator,), {"name": name, "kind": kind,
                                           "extension": extension, "patterns": patterns})


ChuTranslator = _importer("ChuTranslator", "Torque CHU", "chu", "chu", "*.chu")
TfragTranslator = _importer("TfragTranslator", "R&C2 tfrag level", "tfrag", "bin",
                            "core_index.bin core_data.bin gs_ram.bin")
Rc2Translator = _importer("Rc2Translator", "R&C2 level or disc image", "rc2", "wad",
                          "*.wad *.WAD *.iso *.ISO")


class YtdTranslator(_WriteBackTranslator):
    name = "GTA V textures"
    kind = "ytd"
    extension = "ytd"
    patterns = "*.ytd *.ydr *.ydd *.yft"

    def write(self, path, selection, optionString):
        import strata_maya_nodes
        quality = options.QUALITIES[options.parse(optionString)["quality"]]
        return strata_maya_nodes.export_ytd(path, selection, quality)

    def warnings(self, report):
        for w in report.get("inputWarnings", []):
            yield "the source's own warning, kept: %s" % w


TRANSLATORS = (AtlasTranslator, ChuTranslator, YtdTranslator, TfragTranslator, Rc2Translator)


def _creator(cls):
    return lambda: ompx.asMPxPtr(cls())


def initializePlugin(mobject):
    plugin = ompx.MFnPlugin(mobject, VENDOR, VERSION, "Any")
    for cls in TRANSLATORS:
        try:
            plugin.registerFileTranslator(cls.name, "none", _creator(cls), OPTIONS_SCRIPT,
                                          options.DEFAULT, False)
        except Exception:
            sys.stderr.write("Strata: failed to register the %s translator\n" % cls.name)
            raise


def uninitializePlugin(mobject):
    plugin = ompx.MFnPlugin(mobject)
    for cls in TRANSLATORS:
        plugin.deregisterFileTranslator(cls.name)
