// How the state is drawn: the overlays the viewer, its exports and recordings share.
#pragma once

namespace texsort {

struct DisplayOptions {
  bool showRoles = false;    // tint by the shown pass's min/max roles and block directions
  bool showChanged = false;  // highlight what the last pass moved
  // Which roles the role overlay tints, and how strongly (0: not at all, 1: the tint alone).
  bool tintMin = true, tintMax = true, tintIdle = true;
  float opacity = 0.45f;
};

}  // namespace texsort
