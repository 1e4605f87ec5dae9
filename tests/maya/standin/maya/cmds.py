"""Stand-in of maya.cmds: the commands the plug-in runs, with long flag names
as Maya's command help gives them (captured in Muream/maya-stubs
src/maya-stubs/cmds/__init__.pyi). A flag outside a command's list raises
TypeError, as Maya raises for an unknown flag; query results are what Maya
returns (currentUnit -query -linear: the short unit name; upAxis -query -axis:
"y" or "z"; ls -long: full DAG paths)."""
import re

from . import _scene
from ._scene import recorded


def _state():
    return _scene.STATE


def _flags(command, kwargs, allowed):
    unknown = set(kwargs) - set(allowed)
    if unknown:
        raise TypeError("%s: invalid flag(s) %s" % (command, ", ".join(sorted(unknown))))


def _plug(text):
    """(node, attribute) of "node.attribute" (the node by path or unique name)."""
    node, _, attr = text.rpartition(".")
    if not node:
        raise RuntimeError("%s: not an attribute" % text)
    return _state().find(node), attr


def _has_attr(node, attr):
    return (attr in _scene.NODE_ATTRIBUTES.get(node.type, ()) or attr in node.user_attrs
            or attr in node.aliases)


@recorded("cmds.upAxis")
def upAxis(*args, **kwargs):
    _flags("upAxis", kwargs, ("query", "axis", "rotateView"))
    if kwargs.get("query"):
        return _state().up_axis
    if kwargs.get("axis") not in ("y", "z"):
        raise RuntimeError("upAxis: axis must be y or z")
    _state().up_axis = kwargs["axis"]


@recorded("cmds.currentUnit")
def currentUnit(*args, **kwargs):
    _flags("currentUnit", kwargs, ("query", "linear", "angle", "time", "fullName",
                                   "updateAnimation"))
    if kwargs.get("query"):
        return _state().ui_unit
    if kwargs.get("linear") not in _scene.LINEAR_UNITS:
        raise RuntimeError("currentUnit: unknown linear unit %r" % kwargs.get("linear"))
    _state().ui_unit = kwargs["linear"]


@recorded("cmds.workspace")
def workspace(*args, **kwargs):
    _flags("workspace", kwargs, ("query", "rootDirectory", "fileRuleEntry"))
    if kwargs.get("query") and kwargs.get("rootDirectory"):
        return _state().workspace_root
    if "fileRuleEntry" in kwargs:
        return _state().file_rules.get(kwargs["fileRuleEntry"], "")
    raise NotImplementedError("workspace: only -query -rootDirectory and -fileRuleEntry")


@recorded("cmds.shadingNode")
def shadingNode(kind, **kwargs):
    _flags("shadingNode", kwargs, ("asShader", "asTexture", "asUtility", "asLight",
                                   "asPostProcess", "asRendering", "isColorManaged", "name",
                                   "parent", "shared", "skipSelect"))
    if sum(bool(kwargs.get(k)) for k in ("asShader", "asTexture", "asUtility")) != 1:
        raise RuntimeError("shadingNode: one of -asShader, -asTexture, -asUtility is needed")
    if kind not in _state().node_types or kind == "shadingEngine":
        raise RuntimeError("Unknown object type: %s" % kind)
    return _state().add(kwargs.get("name", kind + "1"), kind).name


@recorded("cmds.sets")
def sets(*members, **kwargs):
    _flags("sets", kwargs, ("renderable", "noSurfaceShader", "empty", "name", "edit",
                            "forceElement"))
    state = _state()
    if kwargs.get("edit"):
        group = state.find(kwargs["forceElement"])
        if group.type != "shadingEngine":
            raise RuntimeError("sets: %s is not a shading group" % group.name)
        for m in members:
            match = re.match(r"^(.*)\.f\[(\d+):(\d+)\]$", m)
            if not match:
                raise NotImplementedError("sets: only face ranges mesh.f[a:b]")
            shape = state.find(match.group(1))
            a, b = int(match.group(2)), int(match.group(3))
            if shape.type != "mesh" or not 0 <= a <= b < len(shape.mesh.counts):
                raise RuntimeError("sets: no faces %s" % m)
            faces = set(range(a, b + 1))
            for other in state.members.values():  # a face is in one shading group
                if shape.path() in other:
                    other[shape.path()] -= faces
            state.members.setdefault(group.name, {}).setdefault(shape.path(), set()).update(faces)
        return None
    if members or not kwargs.get("empty"):
        raise NotImplementedError("sets: only -empty creation")
    node = state.add(kwargs.get("name", "set1"), "shadingEngine")
    state.members[node.name] = {}
    return node.name


@recorded("cmds.connectAttr")
def connectAttr(source, destination, **kwargs):
    _flags("connectAttr", kwargs, ("force", "lock", "nextAvailable", "referenceDest"))
    for plug in (source, destination):
        node, attr = _plug(plug)
        if not _has_attr(node, attr):
            raise RuntimeError("connectAttr: %s has no attribute %s" % (node.name, attr))
    _state().connections.append((source, destination))


@recorded("cmds.addAttr")
def addAttr(node, **kwargs):
    _flags("addAttr", kwargs, ("longName", "attributeType", "dataType", "shortName"))
    n = _state().find(node)
    name = kwargs["longName"]
    if name in n.user_attrs:
        raise RuntimeError("addAttr: %s already has %s" % (node, name))
    kind = kwargs.get("attributeType") or kwargs.get("dataType")
    if kind not in ("long", "string", "double"):
        raise NotImplementedError("addAttr: type %r" % kind)
    if "dataType" in kwargs and kind != "string":
        raise RuntimeError("addAttr: %r is not a data type" % kind)
    n.user_attrs[name] = kind


@recorded("cmds.setAttr")
def setAttr(plug, *values, **kwargs):
    _flags("setAttr", kwargs, ("type", "lock", "keyable"))
    node, attr = _plug(plug)
    if not _has_attr(node, attr):
        raise RuntimeError("setAttr: No object matches name: %s" % plug)
    kind = kwargs.get("type")
    if kind == "string":
        if len(values) != 1 or not isinstance(values[0], str):
            raise RuntimeError("setAttr: one string expected for %s" % plug)
        value = values[0]
    elif kind == "double3":
        if len(values) != 3:
            raise RuntimeError("setAttr: 3 values expected for %s" % plug)
        value = tuple(float(v) for v in values)
    elif kind is None:
        if len(values) != 1 or isinstance(values[0], str):
            raise RuntimeError("setAttr: a number expected for %s (strings need type)" % plug)
        value = values[0]
        if node.user_attrs.get(attr) == "string":
            raise RuntimeError("setAttr: %s is a string attribute" % plug)
    else:
        raise NotImplementedError("setAttr: type %r" % kind)
    if attr in node.aliases:
        node.aliases[attr] = float(value)
    else:
        node.attrs[attr] = value


@recorded("cmds.getAttr")
def getAttr(plug, **kwargs):
    _flags("getAttr", kwargs, ())
    node, attr = _plug(plug)
    if attr in node.aliases:
        return node.aliases[attr]
    if attr not in node.attrs:
        raise ValueError("getAttr: No object matches name: %s" % plug)
    return node.attrs[attr]


@recorded("cmds.attributeQuery")
def attributeQuery(attr, **kwargs):
    _flags("attributeQuery", kwargs, ("node", "exists"))
    return _has_attr(_state().find(kwargs["node"]), attr)


@recorded("cmds.blendShape")
def blendShape(*objects, **kwargs):
    """blendShape TARGET... BASE: the last object is the base (Maya's help)."""
    _flags("blendShape", kwargs, ("name",))
    state = _state()
    *targets, base = [state.find(o) for o in objects]
    if len(targets) != 1:
        raise NotImplementedError("blendShape: one target")
    shapes = [next(c for c in n.children if c.type == "mesh" and not c.intermediate)
              for n in (targets[0], base)]
    if len(shapes[0].mesh.points) != len(shapes[1].mesh.points):
        raise RuntimeError("blendShape: the target's vertex count differs from the base's")
    node = state.add(kwargs.get("name", "blendShape1"), "blendShape")
    node.aliases[targets[0].name] = 0.0  # the weight alias is the target's name
    orig = state.add(shapes[1].name + "Orig", "mesh", base)  # the deformer's input shape
    orig.intermediate = True
    orig.mesh = shapes[1].mesh
    state.blend_shapes[node.name] = {"base": base.path(), "alias": targets[0].name,
                                     "target": list(shapes[0].mesh.points)}
    return [node.name]


@recorded("cmds.delete")
def delete(*objects, **kwargs):
    _flags("delete", kwargs, ())
    for o in objects:
        _state().remove(_state().find(o))


@recorded("cmds.ls")
def ls(*patterns, **kwargs):
    _flags("ls", kwargs, ("type", "long", "selection", "dag", "noIntermediate"))
    state = _state()
    if patterns:
        raise NotImplementedError("ls: patterns")
    nodes = list(state.nodes)
    if kwargs.get("selection"):
        nodes = [state.find(s) for s in state.selection]
        if kwargs.get("dag"):
            out = []
            for n in nodes:
                stack = [n]
                while stack:
                    m = stack.pop()
                    out.append(m)
                    stack.extend(m.children)
            nodes = out
    if "type" in kwargs:
        nodes = [n for n in nodes if n.type == kwargs["type"]]
    if kwargs.get("noIntermediate"):
        nodes = [n for n in nodes if not n.intermediate]
    return [n.path() if kwargs.get("long") else n.name for n in nodes]


@recorded("cmds.listConnections")
def listConnections(target, **kwargs):
    """listConnections NODE|NODE.ATTR: the nodes on the other side of its
    connections (source=True: those feeding it; destination=True: those it
    feeds; both by default), of `type` only; None when there are none, as Maya
    returns. A mesh's shading groups are connected to it in Maya
    (instObjGroups -> dagSetMembers); here they are the groups whose members
    hold it."""
    _flags("listConnections", kwargs, ("connections", "destination", "exactDestination",
                                       "exactSource", "plugs", "shapes", "skipConversionNodes",
                                       "source", "type"))
    for flag in ("connections", "exactDestination", "exactSource", "plugs"):
        if kwargs.get(flag):
            raise NotImplementedError("listConnections: -%s" % flag)
    state = _state()
    node_name, _, attr = target.partition(".")
    node = state.find(node_name)
    source, destination = kwargs.get("source", True), kwargs.get("destination", True)
    found = []
    for src, dst in state.connections:
        for mine, other, wanted in ((dst, src, source), (src, dst, destination)):
            plug_node, _, plug_attr = mine.partition(".")
            if wanted and state.find(plug_node) is node and (not attr or plug_attr == attr):
                found.append(state.find(other.partition(".")[0]))
    if node.type == "mesh" and not attr and destination:
        found += [state.find(g) for g, m in state.members.items() if m.get(node.path())]
    if "type" in kwargs:
        found = [n for n in found if n.type == kwargs["type"]]
    names = []
    for n in found:
        if n.name not in names:
            names.append(n.name)
    return names or None


@recorded("cmds.listRelatives")
def listRelatives(node, **kwargs):
    _flags("listRelatives", kwargs, ("parent", "fullPath", "children", "shapes"))
    n = _state().find(node)
    if kwargs.get("parent"):
        found = [n.parent] if n.parent else []
    else:
        found = [c for c in n.children if not kwargs.get("shapes") or c.type == "mesh"]
    return [m.path() if kwargs.get("fullPath") else m.name for m in found] or None


@recorded("cmds.select")
def select(*objects, **kwargs):
    _flags("select", kwargs, ("replace", "clear", "add"))
    state = _state()
    names = [state.find(o).path() for o in objects]
    state.selection = names if kwargs.get("replace") or not kwargs.get("add") else \
        state.selection + names
    if kwargs.get("clear"):
        state.selection = []


@recorded("cmds.uvLink")
def uvLink(**kwargs):
    _flags("uvLink", kwargs, ("uvSet", "texture", "make", "query", "queryObject", "isValid"))
    match = re.match(r"^(.*)\.uvSet\[(\d+)\]\.uvSetName$", kwargs.get("uvSet", ""))
    if not match:
        raise RuntimeError("uvLink: -uvSet takes a shape's uvSet[i].uvSetName plug")
    shape = _state().find(match.group(1))
    if int(match.group(2)) >= len(shape.mesh.uv_sets):
        raise RuntimeError("uvLink: %s has no UV set %s" % (shape.name, match.group(2)))
    _state().find(kwargs["texture"])
    _state().uv_links.append((kwargs["uvSet"], kwargs["texture"]))


@recorded("cmds.warning")
def warning(*args, **kwargs):
    _flags("warning", kwargs, ("noContext", "showLineNumber"))
    _state().warnings.append(" ".join(str(a) for a in args))


@recorded("cmds.pointPosition")
def pointPosition(component, **kwargs):
    """pointPosition MESH.vtx[i] -world: in the user interface's linear unit."""
    _flags("pointPosition", kwargs, ("world", "local"))
    match = re.match(r"^(.*)\.vtx\[(\d+)\]$", component)
    if not match:
        raise NotImplementedError("pointPosition: only mesh.vtx[i]")
    shape = _state().find(match.group(1))
    i = int(match.group(2))
    t = shape.world_translation() if kwargs.get("world", True) else [0.0, 0.0, 0.0]
    p = shape.mesh.points[3 * i:3 * i + 3]
    factor = _state().cm_per_ui_unit()
    return [(a + b) / factor for a, b in zip(p, t)]
