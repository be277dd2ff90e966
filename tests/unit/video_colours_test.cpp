// The YUV matrix a clip is decoded with (record/video_formats.h): the one the browser decodes it
// with, so the command line's frames are the page's (the clip suite compares the two decodes).
#include <gtest/gtest.h>

#include <string>

#include "record/video_formats.h"

namespace texsort {
namespace {

TEST(VideoColours, AnUntaggedStreamIsDecodedAsChromiumDecodesIt) {
  EXPECT_STREQ(browserMatrix("vp9", 64, "unknown", "unknown"), "bt709");  // VP9 and AV1: BT.709 at any size
  EXPECT_STREQ(browserMatrix("av1", 64, "", ""), "bt709");
  EXPECT_STREQ(browserMatrix("h264", 719, "unknown", "unknown"), "bt601");  // H.264: by its rows
  EXPECT_STREQ(browserMatrix("h264", 720, "unknown", "unknown"), "bt709");
  EXPECT_STREQ(browserMatrix("vp8", 1080, "unknown", "unknown"), "bt601");  // VP8 and the rest: BT.601
}

TEST(VideoColours, AStreamsOwnMatrixIsFollowedWhereTheBrowserReadsIt) {
  EXPECT_STREQ(browserMatrix("vp9", 64, "bt470bg", "unknown"), "");  // VP9 names its matrix alone
  EXPECT_STREQ(browserMatrix("h264", 64, "bt709", "bt709"), "");
  // An H.264 stream's matrix without its primaries: Chromium decodes it as an untagged one.
  EXPECT_STREQ(browserMatrix("h264", 64, "bt709", "unknown"), "bt601");
  EXPECT_STREQ(browserMatrix("h264", 1080, "bt470bg", "unknown"), "bt709");
  // texsort's own clips say matrix and primaries, so they read back as they were made.
  EXPECT_STREQ(browserMatrix("h264", 1080, kEncodedColours, kEncodedColours), "");
}

TEST(VideoColours, ACodecNoBrowserPlaysIsFfmpegsOwnDecode) {
  EXPECT_EQ(browserMatrix("ffv1", 720, "unknown", "unknown"), nullptr);
  EXPECT_EQ(browserMatrix("mpeg4", 64, "bt709", "bt709"), nullptr);
}

}  // namespace
}  // namespace texsort
