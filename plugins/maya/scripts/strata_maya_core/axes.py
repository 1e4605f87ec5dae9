"""Strata's scene axes (design.md "Conventions": Atlas, CHU and tfrag are Z-up,
in the source's units, taken as metres) to a Maya scene's and back.

Maya's API works in internal units, centimetres, whatever unit the user
interface shows (Maya SDK "Appendix: Frequently asked questions": "Unless
otherwise specified all API methods use Maya internal units: cm and radians"),
so arrays for MFnMesh are scaled by the internal units per metre (100); a scene
whose working unit is metres then shows the source's numbers. A Y-up scene
(cmds.upAxis) takes a Z-up point (x, y, z) as (x, z, -y), glTF's rule; a Z-up
scene takes it as it is.
"""
from . import flat


class Axes:
    def __init__(self, up, scale):
        """up: "y" or "z" (cmds.upAxis(query=True, axis=True)); scale: Maya
        internal units per source unit."""
        if up not in ("y", "z"):
            raise ValueError("up axis %r: expected 'y' or 'z'" % (up,))
        if not scale > 0:
            raise ValueError("scale %r: expected a positive number" % (scale,))
        self.up = up
        self.scale = float(scale)

    def _to_maya(self, values, factor):
        x, y, z = flat.split(flat.floats(values), 3)
        if self.up == "y":
            x, y, z = x, z, flat.scaled(y, -1.0, "f")
        return flat.interleave([flat.scaled(c, factor) for c in (x, y, z)])

    def points_to_maya(self, values):
        """Flat Z-up source points -> flat Maya points (array('d'), internal units)."""
        return self._to_maya(values, self.scale)

    def vectors_to_maya(self, values):
        """Flat Z-up directions (normals) -> Maya's axes, not scaled."""
        return self._to_maya(values, 1.0)

    def points_from_maya(self, values):
        """Flat Maya points (internal units) -> flat Z-up source points (array('f'))."""
        X, Y, Z = flat.split(flat.doubles(values), 3)
        if self.up == "y":
            return flat.interleave([flat.divided(X, self.scale), flat.divided(Z, -self.scale),
                                    flat.divided(Y, self.scale)], "f")
        return flat.interleave([flat.divided(c, self.scale) for c in (X, Y, Z)], "f")
