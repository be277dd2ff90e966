#version 330 core
// One triangle that covers the whole viewport, generated from gl_VertexID (no vertex buffer):
// vertices (-1,-1), (3,-1), (-1,3). Each fragment then finds its element from gl_FragCoord.
out vec2 v_uv;  // 0..1 across the viewport, for passes that sample rather than fetch

void main() {
  vec2 corner = vec2(float((gl_VertexID & 1) << 2), float((gl_VertexID & 2) << 1)) - 1.0;
  v_uv = corner * 0.5 + 0.5;
  gl_Position = vec4(corner, 0.0, 1.0);
}
