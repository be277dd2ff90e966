// Draws the sort state as a picture for the viewer: output pixel (x, row) shows element
// row * imageWidth + x, so pass 0 is the image itself and the last pass the sorted image; padding
// elements (sentinels) show as a grey checker, wherever the sort has moved them.
// Optional overlays: the role of each element in the shown pass, and what the last pass changed.

uniform sampler2D u_state;     // current sort state (r key, g index, b packed RGB, a alpha)
uniform sampler2D u_previous;  // state before the last pass (when u_hasPrevious)
uniform int u_count;           // elements in the sort texture
uniform int u_imageWidth;      // the image's width W: display row r holds elements r*W .. r*W+W-1
uniform float u_sentinelKey;
uniform bool u_showRoles;      // tint by min/max role and block direction of the shown pass
uniform bool u_showChanged;    // highlight elements the last pass moved
uniform bool u_hasPrevious;
uniform int u_stepno;          // the shown pass's parameters (seed names, see bitonic.frag)
uniform int u_offset;
uniform int u_stage;

out vec4 o_colour;

void main() {
  ivec2 pixel = ivec2(gl_FragCoord.xy);
  int i = pixel.y * u_imageWidth + pixel.x;
  if (i >= u_count) {
    o_colour = vec4(0.06, 0.06, 0.07, 1.0);
    return;
  }
  vec4 element = texelFetch(u_state, texelOf(i), 0);
  vec3 colour;
  if (element.r == u_sentinelKey) {
    colour = ((pixel.x / 4 + pixel.y / 4) % 2 == 0) ? vec3(0.22) : vec3(0.30);
  } else {
    int rgb = int(element.b);
    colour = vec3((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255) / 255.0;
  }

  if (u_showRoles) {
    bool partnerAhead = (i & (u_stage - 1)) < u_offset;
    bool ascending = (i & u_stepno) == 0;
    vec3 tint = (partnerAhead == ascending) ? vec3(0.15, 0.45, 1.0)   // takes the min
                                            : vec3(1.0, 0.5, 0.1);    // takes the max
    colour = mix(colour, tint, 0.55);
    if (!ascending && ((pixel.x + pixel.y) / 3) % 2 == 0) colour *= 0.55;  // descending block: stripes
  }
  if (u_showChanged && u_hasPrevious) {
    bool moved = texelFetch(u_previous, texelOf(i), 0).g != element.g;
    colour = moved ? mix(colour, vec3(1.0, 0.1, 0.9), 0.6) : colour * 0.3;
  }
  o_colour = vec4(colour, 1.0);
}
