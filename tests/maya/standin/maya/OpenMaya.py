"""Stand-in of maya.OpenMaya (Python API 1.0): MFileObject, which Maya hands to
MPxFileTranslator.identifyFile / reader / writer. resolvedFullName,
expandedFullName and fullName as in the OpenMaya stubs (Muream/maya-stubs
src/maya-stubs/OpenMaya.pyi)."""


class MFileObject:
    def __init__(self):
        self._path = ""

    def setRawFullName(self, path):
        self._path = path

    def resolvedFullName(self):
        return self._path

    def expandedFullName(self):
        return self._path

    def fullName(self):
        return self._path
