"""The stand-in's scene and call log (see maya/__init__.py)."""
from array import array

# Internal units: Maya's API uses centimetres whatever the UI shows (Maya SDK
# FAQ). Centimetres per unit of each MDistance constant (kInches 1, kFeet 2,
# kYards 3, kMiles 4, kMillimeters 5, kCentimeters 6, kKilometers 7, kMeters 8:
# OpenMaya.MDistance in Muream/maya-stubs src/maya-stubs/api/OpenMaya.pyi).
CM_PER_UNIT = {1: 2.54, 2: 30.48, 3: 91.44, 4: 160934.4, 5: 0.1, 6: 1.0, 7: 100000.0, 8: 100.0}
# currentUnit -linear short names (Maya's command help) -> MDistance constants.
LINEAR_UNITS = {"in": 1, "ft": 2, "yd": 3, "mi": 4, "mm": 5, "cm": 6, "km": 7, "m": 8}

# Attributes the plug-in may touch, per node type (Maya node reference,
# help.autodesk.com .../Maya-Tech-Docs/Nodes/<type>.html).
NODE_ATTRIBUTES = {
    "transform": {"translate", "visibility"},
    "mesh": {"doubleSided", "displayColors", "intermediateObject"},
    "standardSurface": {"base", "baseColor", "metalness", "specularRoughness", "opacity",
                        "opacityR", "opacityG", "opacityB", "outColor"},
    "lambert": {"color", "transparency", "outColor"},
    "file": {"fileTextureName", "colorSpace", "outColor", "outAlpha", "outTransparency",
             "uvCoord", "uvFilterSize"},
    "place2dTexture": {"outUV", "outUvFilterSize"},
    "shadingEngine": {"surfaceShader"},
    "blendShape": {"envelope"},
}


class Mesh:
    """A mesh as Maya holds it: points as 32-bit floats (what MFnMesh.create and
    setPoints round to), polygon counts and connects, UV sets (u, v and the
    per-face-vertex assignment), per-face-vertex normals and colours."""

    def __init__(self, points, counts, connects):
        self.points = array("f", points)
        self.counts = list(counts)
        self.connects = list(connects)
        self.uv_sets = {"map1": {"u": array("f"), "v": array("f"), "assigned": None}}
        self.normals = {}  # (face, vertex) -> (x, y, z)
        self.colors = {}   # (face, vertex) -> (r, g, b, a)
        self.color_sets = []

    def face_vertices(self):
        """[(face, vertex)] in face-vertex order."""
        out, k = [], 0
        for face, n in enumerate(self.counts):
            out += [(face, v) for v in self.connects[k:k + n]]
            k += n
        return out


class Node:
    def __init__(self, name, kind, parent):
        self.name = name
        self.type = kind
        self.parent = parent
        self.children = []
        self.attrs = {}
        self.user_attrs = {}  # name -> "long" or "string"
        self.aliases = {}     # blendShape weight alias -> value
        self.translation = [0.0, 0.0, 0.0]  # internal units
        self.mesh = None
        self.intermediate = False
        if parent is not None:
            parent.children.append(self)

    def path(self):
        if self.type not in ("transform", "mesh"):
            return self.name
        return (self.parent.path() if self.parent else "") + "|" + self.name

    def world_translation(self):
        t = [0.0, 0.0, 0.0]
        n = self
        while n is not None:
            t = [a + b for a, b in zip(t, n.translation)]
            n = n.parent
        return t


class State:
    def __init__(self, up="y", unit="cm", root="/tmp"):
        self.calls = []
        self.nodes = []
        self.up_axis = up
        self.ui_unit = unit
        self.workspace_root = root
        self.file_rules = {"sourceImages": "sourceimages"}
        self.node_types = set(NODE_ATTRIBUTES) - {"transform", "mesh", "blendShape"}
        self.connections = []   # (source plug, destination plug)
        self.members = {}       # shading group -> {mesh path: set of faces}
        self.uv_links = []      # (uv set plug, texture)
        self.warnings = []
        self.selection = []
        self.blend_shapes = {}  # node name -> {"base", "target points", "alias"}
        initial = Node("initialShadingGroup", "shadingEngine", None)
        self.nodes.append(initial)

    def record(self, name, args, kwargs):
        self.calls.append((name, args, kwargs))

    def count(self, name):
        return sum(1 for c in self.calls if c[0] == name)

    def unique_name(self, name):
        """Maya's renaming on a clash: trailing digits are incremented."""
        taken = {n.name for n in self.nodes}
        if name not in taken:
            return name
        stem = name.rstrip("0123456789")
        k = int(name[len(stem):]) + 1 if len(stem) < len(name) else 1
        while "%s%d" % (stem, k) in taken:
            k += 1
        return "%s%d" % (stem, k)

    def add(self, name, kind, parent=None):
        node = Node(self.unique_name(name), kind, parent)
        self.nodes.append(node)
        return node

    def find(self, name):
        """A node by full path, or by a name no other node has (Maya's rule)."""
        if name.startswith("|"):
            matches = [n for n in self.nodes if n.path() == name]
        else:
            matches = [n for n in self.nodes if n.name == name]
        if len(matches) != 1:
            raise RuntimeError("No object matches name: %s" % name if not matches
                               else "More than one object matches name: %s" % name)
        return matches[0]

    def remove(self, node):
        for child in list(node.children):
            self.remove(child)
        if node.parent is not None:
            node.parent.children.remove(node)
        self.nodes.remove(node)
        path = node.path()
        for faces in self.members.values():
            faces.pop(path, None)

    def meshes(self, intermediate=False):
        return [n for n in self.nodes if n.type == "mesh" and (intermediate or not n.intermediate)]

    def cm_per_ui_unit(self):
        return CM_PER_UNIT[LINEAR_UNITS[self.ui_unit]]


STATE = State()


def reset(**kw):
    """A new empty scene (up, unit, root), as File > New would give."""
    global STATE
    STATE = State(**kw)
    return STATE


def recorded(name, method=False):
    """Decorator: log every call of the function (or method, without its self)
    under `name` in STATE.calls."""
    def wrap(fn):
        def call(*args, **kwargs):
            STATE.record(name, args[1:] if method else args, kwargs)
            return fn(*args, **kwargs)
        call.__name__ = fn.__name__
        call.__doc__ = fn.__doc__
        return call
    return wrap
