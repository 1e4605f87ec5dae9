#pragma once
// Endpoint and weight fitting for one weight plane of one subset of a UASTC
// block: principal axis, quantisation to the mode's endpoint levels,
// exhaustive weight choice, least-squares refinement, anchor fix-up.
#include <cstdint>

namespace strata::image::uastc {

struct Block;

// The texels of one block in the mode's endpoint channels: R G B [A], or L A.
struct Texels {
  int v[16][4];
};

struct FitRequest {
  int mode;
  const Texels* px;
  uint16_t texels; // bit i: texel i belongs to the subset
  int subset;      // endpoints go to Block::ep[subset]
  int plane;       // weights go to Block::w[plane]
  int channels[4]; // endpoint channels this plane interpolates
  int channelCount;
  int anchor;      // texel whose weight MSB must be 0
  int refinements; // least-squares rounds after the first fit
  bool tweak;      // also try each endpoint one level up and down
};

// Writes the subset's endpoints for the requested channels and the plane's
// weights for its texels into `b`; returns the squared error over those
// channels and texels.
int64_t fitPlane(const FitRequest& r, Block& b);

// Squared error left after fitting a line through the texels (total variance
// minus the principal axis's share): ranks partition patterns cheaply.
double lineResidual(const Texels& px, uint16_t texels, int channelCount);

} // namespace strata::image::uastc
