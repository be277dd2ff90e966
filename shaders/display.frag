// Draws the sort state as a picture for the viewer: output pixel (x, row) shows element
// row * imageWidth + x, so pass 0 is the image itself and the last pass the sorted image; padding
// elements (sentinels) show as a grey checker, wherever the sort has moved them.
// Optional overlays: the role of each element in the shown pass, and what the last pass changed.
// Compiled after sort_common.glsl, state_view.glsl (elementAt, keyIndexAt) and the ROLE_* defines
// that StateDisplay generates from its RoleRule enum.

uniform int u_count;         // elements in the sort texture
uniform int u_imageWidth;    // the image's width W: display row r holds elements r*W .. r*W+W-1
uniform int u_sentinelKey;     // padding's key, before the index bits below it in r
uniform bool u_showRoles;    // tint by min/max role and block direction of the shown pass
uniform bool u_showChanged;  // highlight elements the last pass moved
uniform int u_roleRule;      // whose comparators the shown pass has: ROLE_NONE, ROLE_BITONIC, ...
uniform int u_stepno;        // bitonic: the pass's BitonicStep fields (seed names, see bitonic.frag)
uniform int u_offset;
uniform int u_runLength;     // odd-even merge: the OddEvenMergeStep fields
uniform int u_distance;
uniform int u_parity;        // transposition: which neighbour pairs compare
uniform bvec3 u_tint;        // which roles the overlay tints: takes the min, takes the max, idle
uniform float u_opacity;     // how strongly the overlays cover the picture (0..1)

// Role of element i in the shown pass: -1 takes the min, +1 takes the max, 0 idle; `descending`
// marks bitonic's descending blocks.
int roleOf(int i, out bool descending) {
  descending = false;
  if (u_roleRule == ROLE_BITONIC) {
    bool partnerAhead = (i & u_offset) == 0;
    bool ascending = (i & u_stepno) == 0;
    descending = !ascending;
    return partnerAhead == ascending ? -1 : 1;
  }
  if (u_roleRule == ROLE_ODDEVEN_MERGE) {
    int p = u_runLength, k = u_distance;
    int first = k % p;
    int x = i;
    bool lowerEnd = x >= first && (x - first) % (2 * k) < k && x + k < u_count && x / (2 * p) == (x + k) / (2 * p);
    x = i - k;
    bool upperEnd = x >= first && (x - first) % (2 * k) < k && x / (2 * p) == i / (2 * p);
    return lowerEnd ? -1 : upperEnd ? 1 : 0;
  }
  if (u_roleRule == ROLE_TRANSPOSITION) {
    if (i >= u_parity && ((i - u_parity) & 1) == 0 && i + 1 < u_count) return -1;
    if (i >= u_parity + 1 && ((i - u_parity) & 1) == 1) return 1;
  }
  return 0;
}

out vec4 o_colour;

void main() {
  ivec2 pixel = ivec2(gl_FragCoord.xy);
  int i = pixel.y * u_imageWidth + pixel.x;
  if (i >= u_count) {
    o_colour = vec4(0.06, 0.06, 0.07, 1.0);
    return;
  }
  vec4 element = elementAt(i);
  vec3 colour;
  if ((int(element.r) >> u_indexHighBits) == u_sentinelKey) {
    colour = ((pixel.x / 4 + pixel.y / 4) % 2 == 0) ? vec3(0.22) : vec3(0.30);
  } else {
    int rgb = int(element.b);
    colour = vec3((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255) / 255.0;
  }

  if (u_showRoles && u_roleRule != ROLE_NONE) {
    bool descending;
    int role = roleOf(i, descending);
    vec3 tint = role < 0 ? vec3(0.15, 0.45, 1.0)   // takes the min
              : role > 0 ? vec3(1.0, 0.5, 0.1)     // takes the max
                         : vec3(0.5);              // not compared in this pass
    bool tinted = role < 0 ? u_tint.x : role > 0 ? u_tint.y : u_tint.z;
    if (tinted) {
      colour = mix(colour, tint, u_opacity);
      // Descending blocks: stripes, as strong as the tint.
      if (descending && ((pixel.x + pixel.y) / 3) % 2 == 0) colour *= 1.0 - 0.8 * u_opacity;
    }
  }
  if (u_showChanged && u_viewHasPrevious) {
    bool moved = keyIndexAt(u_viewPrevious, i) != element.rg;
    colour = moved ? mix(colour, vec3(1.0, 0.1, 0.9), u_opacity) : colour * (1.0 - 0.7 * u_opacity);
  }
  o_colour = vec4(colour, 1.0);
}
