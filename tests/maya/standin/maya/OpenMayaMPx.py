"""Stand-in of maya.OpenMayaMPx (Python API 1.0 proxies): MPxFileTranslator
with its MFileKind and FileAccessMode constants (Maya's C++ reference
class_m_px_file_translator.html; values from Muream/maya-stubs
src/maya-stubs/OpenMayaMPx.pyi), MFnPlugin(mobject, vendor, version,
apiVersion) with registerFileTranslator(name, pixmapName, creatorFunction,
optionsScriptName, defaultOptionsString, requiresFullMel) /
deregisterFileTranslator(name), and asMPxPtr."""
from ._scene import recorded


class MPxFileTranslator:
    kIsMyFileType, kCouldBeMyFileType, kNotMyFileType = 0, 1, 2
    kUnknownAccessMode, kOpenAccessMode, kReferenceAccessMode = 0, 1, 2
    kImportAccessMode, kSaveAccessMode, kExportAccessMode, kExportActiveAccessMode = 3, 4, 5, 6

    def __init__(self):
        pass

    def haveReadMethod(self):
        return False

    def haveWriteMethod(self):
        return False

    def defaultExtension(self):
        return ""

    def filter(self):
        return ""

    def identifyFile(self, fileObject, buffer, size):
        return self.kCouldBeMyFileType


def asMPxPtr(obj):
    if not isinstance(obj, MPxFileTranslator):
        raise TypeError("asMPxPtr: an MPx object expected")
    return obj


# What registerFileTranslator registered: name -> the arguments.
REGISTERED = {}


class MFnPlugin:
    def __init__(self, mobject, vendor="Unknown", version="Unknown", apiVersion="Any"):
        self.mobject = mobject

    @recorded("MFnPlugin.registerFileTranslator", method=True)
    def registerFileTranslator(self, name, pixmapName, creatorFunction, optionsScriptName=None,
                               defaultOptionsString=None, requiresFullMel=False):
        if name in REGISTERED:
            raise RuntimeError("(kFailure): translator %s is registered already" % name)
        if not callable(creatorFunction):
            raise TypeError("registerFileTranslator: the creator must be callable")
        REGISTERED[name] = {"pixmap": pixmapName, "creator": creatorFunction,
                            "options": optionsScriptName, "defaults": defaultOptionsString,
                            "fullMel": requiresFullMel}

    @recorded("MFnPlugin.deregisterFileTranslator", method=True)
    def deregisterFileTranslator(self, name):
        if REGISTERED.pop(name, None) is None:
            raise RuntimeError("(kFailure): translator %s is not registered" % name)

