// Where texsort finds ffmpeg and ffprobe, which encode and check its recordings and videos.
#pragma once

#include <string>

namespace texsort {

// The ffmpeg program to run: $TEXSORT_FFMPEG if set, else `ffmpeg` found on $PATH. Throws
// texsort::Error(Encoder) with how to install it when there is none.
std::string findFfmpeg();

// The ffprobe program that checks a finished recording: beside `ffmpeg`, else on $PATH. Throws
// texsort::Error(Encoder) with how to install it when there is none.
std::string findFfprobe(const std::string& ffmpeg);

}  // namespace texsort
