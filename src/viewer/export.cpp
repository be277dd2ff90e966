// The viewer's exports: the state as PNG, a contact sheet of passes, a screenshot of the window.
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdio>

#include "error.h"
#include "io/files.h"
#include "gl/gl.h"
#include "viewer/contact_sheet.h"
#include "viewer/viewer_app.h"

namespace texsort {
namespace {

Image currentPicture(ViewerState& s) {
  s.display->render(*s.session, DisplayOptions{});
  s.pictureDirty = true;  // the on-screen picture may carry overlays: draw it again next frame
  return s.display->readBack(s.session->image().height);
}

}  // namespace

void checkViewerOutput(const ViewerState& s, const std::string& path) {
  std::vector<InputFile> inputs = {{s.sourcePath}, {s.maskPath, "mask"}, {s.fieldPath, "field"}, {s.recipePath, "recipe"}};
  if (namesRecipeFile(s.recipeName)) inputs.push_back({s.recipeName, "recipe"});  // the one loaded (--preset FILE too)
  for (const PixelSortStage& step : s.recipe) inputs.insert(inputs.end(), {{step.mask, "mask"}, {step.field, "field"}});
  checkOutput(path, inputs);
}

void exportFailed(ViewerState& s, const Error& e) {
  note(s, e.what(), true);
  if (s.exitCode == 0) s.exitCode = static_cast<int>(e.code());
}

void savePicture(ViewerState& s) {
  try {
    checkViewerOutput(s, s.exportPath);
    Image picture = currentPicture(s);
    picture.channels = 3;
    saveImagePng(s.exportPath, picture);
    note(s, "saved pass " + std::to_string(s.session->pass()) + " to " + shownPath(s.exportPath), false);
  } catch (const Error& e) {
    exportFailed(s, e);
  }
}

void saveContactSheet(ViewerState& s) {
  try {
    checkViewerOutput(s, s.sheetPath);
    const std::uint32_t back = s.session->pass();
    std::vector<Image> frames;
    std::vector<std::string> labels;
    for (std::uint32_t pass : contactSheetPasses(s.session->passCount(), 12)) {
      s.session->seek(pass);
      frames.push_back(currentPicture(s));
      labels.push_back("pass " + std::to_string(pass) + "/" + std::to_string(s.session->passCount()));
    }
    s.session->seek(back);
    saveImagePng(s.sheetPath, composeContactSheet(frames, labels, 4, 256));
    note(s, "saved a contact sheet of " + std::to_string(frames.size()) + " passes to " + shownPath(s.sheetPath), false);
  } catch (const Error& e) {
    exportFailed(s, e);
  }
}

void saveScreenshot(GLFWwindow* window, const std::string& path, ViewerState& s) try {
  checkViewerOutput(s, path);
  int w = 0, h = 0;
  glfwGetFramebufferSize(window, &w, &h);
  Image shot;
  shot.width = static_cast<std::uint32_t>(w);
  shot.height = static_cast<std::uint32_t>(h);
  shot.channels = 3;
  shot.rgba.resize(shot.pixelCount() * 4);
  std::vector<std::uint8_t> rows(shot.rgba.size());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glReadBuffer(GL_BACK);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rows.data());
  const std::size_t stride = std::size_t(w) * 4;
  for (int y = 0; y < h; ++y) {  // GL's row 0 is the bottom of the window
    std::copy_n(&rows[std::size_t(h - 1 - y) * stride], stride, &shot.rgba[std::size_t(y) * stride]);
  }
  saveImagePng(path, shot);
  std::printf("screenshot %s: image at (%d, %d) size (%d x %d), pass %u of %u", path.c_str(),
              static_cast<int>(s.imageMin.x), static_cast<int>(s.imageMin.y), static_cast<int>(s.imageSize.x),
              static_cast<int>(s.imageSize.y), s.session ? s.session->pass() : 0u,
              s.session ? s.session->passCount() : 0u);
  if (s.pixelMode && s.pixel) std::printf(", pixel sort pass %u of %u", s.pixel->pass(), s.pixel->passCount());
  std::printf("\n");
} catch (const Error& e) {
  exportFailed(s, e);
}

}  // namespace texsort
