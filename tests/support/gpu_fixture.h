// A GoogleTest fixture with one headless GL context per suite. A machine without a context fails
// every test of the suite with the EGL message: GPU tests never skip.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "context/egl_context.h"
#include "error.h"

namespace texsort::test {

class GpuTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    try {
      context_ = std::make_unique<HeadlessContext>();
    } catch (const Error& e) {
      contextError_ = e.what();
    }
  }
  static void TearDownTestSuite() { context_.reset(); }
  void SetUp() override {
    ASSERT_TRUE(context_) << "no headless GL context, so the GPU tests fail (they never skip): " << contextError_;
  }

  static inline std::unique_ptr<HeadlessContext> context_;
  static inline std::string contextError_;
};

}  // namespace texsort::test
