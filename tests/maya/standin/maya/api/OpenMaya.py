"""Stand-in of maya.api.OpenMaya (Python API 2.0): the classes and methods the
plug-in calls. Names, constants and properties follow Maya's own stubs
(Muream/maya-stubs src/maya-stubs/api/OpenMaya.pyi: MSpace.kTransform 1,
kObject 2, kWorld 4; MDistance units; MFnMesh.numVertices / numPolygons are
properties); argument order and meaning follow the Python API 2.0 reference
(help.autodesk.com .../MAYA-API-REF/py_ref/class_open_maya_1_1_m_fn_mesh.html):
create(vertices, polygonCounts, polygonConnects, uValues, vValues, parent)
returns the new transform when parent is the null object, else the new shape
(C++ reference: "If parentOrOwner is NULL then the transform for this mesh is
returned, if the parentOrOwner is a DAG node then the new mesh will be
returned"); setUVs(uValues, vValues, uvSet), assignUVs(uvCounts, uvIds, uvSet),
setFaceVertexNormals(normals, faces, vertices, space),
setFaceVertexColors(colors, faces, vertices, modifier, rep), getPoints(space),
setPoints(points, space), getTriangles(), getVertices(), getUVs(uvSet),
getAssignedUVs(uvSet), getUVSetNames(), numUVs(uvSet), createUVSet(name).
Points are held as 32-bit floats, as a Maya mesh holds them.
"""
from array import array

from .. import _scene
from .._scene import recorded


def _state():
    return _scene.STATE


class MSpace:
    kInvalid, kTransform, kPreTransform, kPostTransform, kWorld, kLast = 0, 1, 2, 3, 4, 5
    kObject = 2


class MDistance:
    kInvalid, kInches, kFeet, kYards, kMiles, kMillimeters = 0, 1, 2, 3, 4, 5
    kCentimeters, kKilometers, kMeters, kLast = 6, 7, 8, 9

    def __init__(self, value=0.0, unit=6):
        self.value = float(value)
        self.unit = unit

    @recorded("MDistance.asUnits", method=True)
    def asUnits(self, unit):
        return self.value * _scene.CM_PER_UNIT[self.unit] / _scene.CM_PER_UNIT[unit]

    @staticmethod
    @recorded("MDistance.internalUnit")
    def internalUnit():
        return MDistance.kCentimeters  # Maya's internal unit (SDK FAQ)


class MObject:
    def __init__(self, node=None):
        self._node = node

    def isNull(self):
        return self._node is None


MObject.kNullObj = MObject()


def _node_of(obj):
    if not isinstance(obj, MObject):
        raise TypeError("expected an MObject, got %r" % (obj,))
    if obj.isNull():
        raise RuntimeError("(kInvalidParameter): Object is null")
    return obj._node


class _Triple:
    def __init__(self, *args):
        if len(args) == 1:
            args = tuple(args[0])
        if len(args) not in (0, 3, 4):
            raise TypeError("%s takes 3 coordinates, got %d" % (type(self).__name__, len(args)))
        self.x, self.y, self.z = (tuple(float(a) for a in args) + (0.0, 0.0, 0.0))[:3]

    def __iter__(self):
        return iter((self.x, self.y, self.z))


class MPoint(_Triple):
    pass


class MVector(_Triple):
    pass


class MColor:
    def __init__(self, values=(0.0, 0.0, 0.0, 1.0)):
        values = tuple(float(v) for v in values)
        if len(values) not in (3, 4):
            raise TypeError("MColor takes 3 or 4 components")
        self.r, self.g, self.b = values[:3]
        self.a = values[3] if len(values) == 4 else 1.0


class _Array(list):
    item = None

    def __init__(self, values=()):
        super().__init__(self._check(v) for v in values)

    def _check(self, v):
        return self.item(v)


class MIntArray(_Array):
    def _check(self, v):
        if isinstance(v, float) or not hasattr(v, "__index__"):
            raise TypeError("MIntArray: an integer expected, got %r" % (v,))
        return int(v)


class MFloatArray(_Array):
    def _check(self, v):
        return array("f", [float(v)])[0]  # 32-bit, as Maya keeps it


class _ObjectArray(_Array):
    def _check(self, v):
        if not isinstance(v, self.item):
            raise TypeError("%s: %s expected, got %r" % (type(self).__name__, self.item.__name__, v))
        return v


class MPointArray(_ObjectArray):
    item = MPoint


class MVectorArray(_ObjectArray):
    item = MVector


class MColorArray(_ObjectArray):
    item = MColor


class MDagPath:
    def __init__(self, node=None):
        self._node = node

    def fullPathName(self):
        return self._node.path()

    def node(self):
        return MObject(self._node)


class MSelectionList:
    def __init__(self):
        self._items = []

    @recorded("MSelectionList.add", method=True)
    def add(self, name):
        self._items.append(_state().find(name))
        return self

    def getDagPath(self, i):
        return MDagPath(self._items[i])

    def getDependNode(self, i):
        return MObject(self._items[i])


class MFnDependencyNode:
    def __init__(self, obj=None):
        self._node = _node_of(obj) if obj is not None else None

    def name(self):
        return self._node.name

    @recorded("MFnDependencyNode.setName", method=True)
    def setName(self, name, createNamespace=False):
        self._node.name = "__renaming__"
        self._node.name = _state().unique_name(name)
        return self._node.name


class MFnDagNode(MFnDependencyNode):
    def fullPathName(self):
        return self._node.path()


class MFnTransform(MFnDagNode):
    @recorded("MFnTransform.create", method=True)
    def create(self, parent=MObject.kNullObj):
        p = None if parent.isNull() else _node_of(parent)
        if p is not None and p.type != "transform":
            raise RuntimeError("(kInvalidParameter): the parent must be a transform")
        self._node = _state().add("transform1", "transform", p)
        return MObject(self._node)

    @recorded("MFnTransform.setTranslation", method=True)
    def setTranslation(self, vector, space):
        if not isinstance(vector, MVector):
            raise TypeError("setTranslation: MVector expected")
        if space not in (MSpace.kTransform, MSpace.kObject, MSpace.kWorld):
            raise ValueError("setTranslation: bad space %r" % (space,))
        self._node.translation = [vector.x, vector.y, vector.z]
        return self


class MFnMesh(MFnDagNode):
    kRGB, kRGBA, kAlpha = 3, 4, 1

    def __init__(self, obj=None):
        if isinstance(obj, MDagPath):
            obj = obj.node()
        super().__init__(obj)
        if self._node is not None and self._node.type != "mesh":
            raise RuntimeError("(kInvalidParameter): Object is incompatible with this "
                               "method (not a mesh)")

    def _mesh(self):
        return self._node.mesh

    @recorded("MFnMesh.create", method=True)
    def create(self, vertices, polygonCounts, polygonConnects, uValues=None, vValues=None,
               parent=MObject.kNullObj):
        points = vertices if isinstance(vertices, MPointArray) else MPointArray(vertices)
        counts = MIntArray(polygonCounts)
        connects = MIntArray(polygonConnects)
        if sum(counts) != len(connects):
            raise RuntimeError("(kInvalidParameter): polygonConnects holds %d ids, the counts "
                               "sum to %d" % (len(connects), sum(counts)))
        if any(c < 0 or c >= len(points) for c in connects):
            raise RuntimeError("(kInvalidParameter): a vertex id is out of range")
        k = 0
        for n in counts:
            face = connects[k:k + n]
            if n < 3 or len(set(face)) != n:
                raise RuntimeError("(kFailure): face %r is degenerate" % (face,))
            k += n
        if (uValues is None) != (vValues is None) or \
                (uValues is not None and len(uValues) != len(vValues)):
            raise RuntimeError("(kInvalidParameter): uValues and vValues differ in length")
        state = _state()
        made_transform = parent.isNull()
        owner = state.add("polySurface1", "transform") if made_transform else _node_of(parent)
        if owner.type != "transform":
            raise RuntimeError("(kInvalidParameter): the parent must be a transform")
        shape = state.add("polySurfaceShape1", "mesh", owner)
        shape.mesh = _scene.Mesh([c for p in points for c in p], counts, connects)
        if uValues is not None:
            shape.mesh.uv_sets["map1"]["u"] = array("f", MFloatArray(uValues))
            shape.mesh.uv_sets["map1"]["v"] = array("f", MFloatArray(vValues))
        self._node = shape
        return MObject(owner if made_transform else shape)

    @recorded("MFnMesh.createUVSet", method=True)
    def createUVSet(self, uvSetName, modifier=None, instance=-1):
        if uvSetName in self._mesh().uv_sets:
            raise RuntimeError("(kInvalidParameter): UV set %s exists" % uvSetName)
        self._mesh().uv_sets[uvSetName] = {"u": array("f"), "v": array("f"), "assigned": None}
        return uvSetName

    def _uv_set(self, name):
        name = name or "map1"
        if name not in self._mesh().uv_sets:
            raise RuntimeError("(kInvalidParameter): no UV set %s" % name)
        return self._mesh().uv_sets[name]

    @recorded("MFnMesh.setUVs", method=True)
    def setUVs(self, uValues, vValues, uvSet=""):
        if len(uValues) != len(vValues):
            raise RuntimeError("(kInvalidParameter): uValues and vValues differ in length")
        s = self._uv_set(uvSet)
        s["u"], s["v"] = array("f", MFloatArray(uValues)), array("f", MFloatArray(vValues))
        return self

    @recorded("MFnMesh.assignUVs", method=True)
    def assignUVs(self, uvCounts, uvIds, uvSet=""):
        m, s = self._mesh(), self._uv_set(uvSet)
        counts, ids = MIntArray(uvCounts), MIntArray(uvIds)
        if list(counts) != m.counts or len(ids) != len(m.connects):
            raise RuntimeError("(kInvalidParameter): the UV counts do not match the faces")
        if any(i < 0 or i >= len(s["u"]) for i in ids):
            raise RuntimeError("(kInvalidParameter): a UV id is out of range")
        s["assigned"] = (list(counts), list(ids))
        return self

    def _per_face_vertex(self, values, faces, vertices, what):
        m = self._mesh()
        if not (len(values) == len(faces) == len(vertices)):
            raise RuntimeError("(kInvalidParameter): %s, faces and vertices differ in length"
                               % what)
        valid = set(m.face_vertices())
        for f, v in zip(MIntArray(faces), MIntArray(vertices)):
            if (f, v) not in valid:
                raise RuntimeError("(kInvalidParameter): vertex %d is not on face %d" % (v, f))
        return zip(faces, vertices)

    @recorded("MFnMesh.setFaceVertexNormals", method=True)
    def setFaceVertexNormals(self, normals, faces, vertices, space=MSpace.kObject):
        normals = normals if isinstance(normals, MVectorArray) else MVectorArray(normals)
        for (f, v), n in zip(self._per_face_vertex(normals, faces, vertices, "normals"), normals):
            self._mesh().normals[(f, v)] = (n.x, n.y, n.z)
        return self

    @recorded("MFnMesh.setFaceVertexColors", method=True)
    def setFaceVertexColors(self, colors, faces, vertices, modifier=None, rep=4):
        colors = colors if isinstance(colors, MColorArray) else MColorArray(colors)
        m = self._mesh()
        if not m.color_sets:
            m.color_sets.append("colorSet1")
        for (f, v), c in zip(self._per_face_vertex(colors, faces, vertices, "colors"), colors):
            m.colors[(f, v)] = (c.r, c.g, c.b, c.a)
        return self

    def _shift(self, space):
        if space == MSpace.kWorld:
            return self._node.world_translation()
        if space in (MSpace.kObject, MSpace.kTransform):
            return [0.0, 0.0, 0.0]
        raise ValueError("bad space %r" % (space,))

    @recorded("MFnMesh.getPoints", method=True)
    def getPoints(self, space=MSpace.kObject):
        t, p = self._shift(space), self._mesh().points
        return MPointArray(MPoint(p[i] + t[0], p[i + 1] + t[1], p[i + 2] + t[2])
                           for i in range(0, len(p), 3))

    @recorded("MFnMesh.setPoints", method=True)
    def setPoints(self, points, space=MSpace.kObject):
        t = self._shift(space)
        if len(points) != self.numVertices:
            raise RuntimeError("(kInvalidParameter): %d points for %d vertices"
                               % (len(points), self.numVertices))
        self._mesh().points = array("f", [c - d for p in points for c, d in zip(p, t)])
        return self

    @recorded("MFnMesh.getTriangles", method=True)
    def getTriangles(self):
        m = self._mesh()
        counts, verts, k = MIntArray(), MIntArray(), 0
        for n in m.counts:  # a fan per face (the plug-in only makes triangles)
            face = m.connects[k:k + n]
            counts.append(n - 2)
            for i in range(1, n - 1):
                verts += [face[0], face[i], face[i + 1]]
            k += n
        return counts, verts

    @recorded("MFnMesh.getVertices", method=True)
    def getVertices(self):
        m = self._mesh()
        return MIntArray(m.counts), MIntArray(m.connects)

    @recorded("MFnMesh.getUVSetNames", method=True)
    def getUVSetNames(self):
        return list(self._mesh().uv_sets)

    @recorded("MFnMesh.numUVs", method=True)
    def numUVs(self, uvSet=""):
        return len(self._uv_set(uvSet)["u"])

    @recorded("MFnMesh.getUVs", method=True)
    def getUVs(self, uvSet=""):
        s = self._uv_set(uvSet)
        return MFloatArray(s["u"]), MFloatArray(s["v"])

    @recorded("MFnMesh.getAssignedUVs", method=True)
    def getAssignedUVs(self, uvSet=""):
        s = self._uv_set(uvSet)
        if s["assigned"] is None:
            return MIntArray([0] * len(self._mesh().counts)), MIntArray()
        return MIntArray(s["assigned"][0]), MIntArray(s["assigned"][1])

    @property
    def numVertices(self):
        return len(self._mesh().points) // 3

    @property
    def numPolygons(self):
        return len(self._mesh().counts)
