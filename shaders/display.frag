// Draws the sort state as a picture for the viewer: output pixel (x, row) shows element
// row * imageWidth + x, so pass 0 is the image itself and the last pass the sorted image; padding
// elements (sentinels) show as a grey checker, wherever the sort has moved them.
// Optional overlays: the role of each element in the shown pass, and what the last pass changed.

uniform sampler2D u_state;     // current sort state (r key, g index, b packed RGB, a alpha)
uniform sampler2D u_previous;  // state before the last pass (when u_hasPrevious)
uniform bool u_fromCompact;    // fast path: positions come from the compact state, colours from u_state
uniform sampler2D u_compact;   // the compact state (when u_fromCompact)
uniform sampler2D u_previousCompact;
uniform int u_count;           // elements in the sort texture
uniform int u_imageWidth;      // the image's width W: display row r holds elements r*W .. r*W+W-1
uniform float u_sentinelKey;
uniform bool u_showRoles;      // tint by min/max role and block direction of the shown pass
uniform bool u_showChanged;    // highlight elements the last pass moved
uniform bool u_hasPrevious;
uniform int u_kind;            // roles of the shown pass: 0 bitonic, 1 odd-even merge, 2 transposition, 3 none
uniform int u_stepno;          // the shown pass's parameters (seed names, see bitonic.frag; for
uniform int u_offset;          // odd-even merge stepno = run length p and offset = distance k)
uniform int u_stage;
uniform int u_parity;          // transposition: which neighbour pairs compare

// Role of element i in the shown pass: -1 takes the min, +1 takes the max, 0 idle; `descending`
// marks bitonic's descending blocks.
int roleOf(int i, out bool descending) {
  descending = false;
  if (u_kind == 0) {
    bool partnerAhead = (i & (u_stage - 1)) < u_offset;
    bool ascending = (i & u_stepno) == 0;
    descending = !ascending;
    return partnerAhead == ascending ? -1 : 1;
  }
  if (u_kind == 1) {
    int first = u_offset % u_stepno;
    int x = i;
    bool lowerEnd = x >= first && (x - first) % (2 * u_offset) < u_offset && x + u_offset < u_count &&
                    x / (2 * u_stepno) == (x + u_offset) / (2 * u_stepno);
    x = i - u_offset;
    bool upperEnd = x >= first && (x - first) % (2 * u_offset) < u_offset && x / (2 * u_stepno) == i / (2 * u_stepno);
    return lowerEnd ? -1 : upperEnd ? 1 : 0;
  }
  if (u_kind == 2) {
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
  // On the fast path, position i holds the element whose original index the compact state names
  // there; u_state still holds the elements as uploaded, element k at position k.
  vec4 element = u_fromCompact ? texelFetch(u_state, texelOf(int(compactElement(u_compact, i).y)), 0)
                               : texelFetch(u_state, texelOf(i), 0);
  vec3 colour;
  if (element.r == u_sentinelKey) {
    colour = ((pixel.x / 4 + pixel.y / 4) % 2 == 0) ? vec3(0.22) : vec3(0.30);
  } else {
    int rgb = int(element.b);
    colour = vec3((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255) / 255.0;
  }

  if (u_showRoles && u_kind < 3) {
    bool descending;
    int role = roleOf(i, descending);
    vec3 tint = role < 0 ? vec3(0.15, 0.45, 1.0)   // takes the min
              : role > 0 ? vec3(1.0, 0.5, 0.1)     // takes the max
                         : vec3(0.5);              // not compared in this pass
    colour = mix(colour, tint, 0.55);
    if (descending && ((pixel.x + pixel.y) / 3) % 2 == 0) colour *= 0.55;  // descending block: stripes
  }
  if (u_showChanged && u_hasPrevious) {
    float before = u_fromCompact ? compactElement(u_previousCompact, i).y : texelFetch(u_previous, texelOf(i), 0).g;
    bool moved = before != element.g;
    colour = moved ? mix(colour, vec3(1.0, 0.1, 0.9), 0.6) : colour * 0.3;
  }
  o_colour = vec4(colour, 1.0);
}
