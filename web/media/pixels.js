// --- media/pixels: a picture's or a video frame's pixels exactly as the browser decoded them (through
// WebGL2 with premultiplication and colour conversion off), those pixels as a file texsort reads (an
// uncompressed TGA), and what kind of file the page was given. ---

// Frames read back from the GPU so far (the test hook's counters show it: a clip playing reads none).
export const counters = { readBacks: 0 };
// One small WebGL2 context for reading decoded pixels back (its own, not the sort's).
let reader = null;
function readerContext() {
  if (reader && !reader.gl.isContextLost()) return reader;
  const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
  if (!gl) return null;
  const texture = gl.createTexture(), framebuffer = gl.createFramebuffer();
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
  gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
  reader = { gl, texture };
  return reader;
}

// The pixels of an ImageBitmap or a <video>'s current frame as the browser decoded them:
// {rgba, width, height}, rows from the top; null where WebGL2 cannot take it.
export function pixelsOf(source, width, height) {
  const r = readerContext();
  if (!r || !width || !height) return null;
  const gl = r.gl;
  counters.readBacks += 1;
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, gl.RGBA, gl.UNSIGNED_BYTE, source);
  gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, r.texture, 0);
  const rgba = new Uint8Array(width * height * 4);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, rgba);
  return gl.getError() === gl.NO_ERROR ? { rgba, width, height } : null;
}

export const isOpaque = (rgba) => rgba.every((v, i) => (i & 3) !== 3 || v === 255);
// Pixels as an uncompressed TGA (18-byte header, type 2, rows from the top), which texsort reads:
// BGRA with 8 alpha bits, or BGR when every pixel is opaque and `alpha` does not ask for it (a
// picture without alpha keeps three channels, as its PNG would).
export function tgaOf({ rgba, width, height }, alpha = false) {
  const opaque = !alpha && isOpaque(rgba);
  const depth = opaque ? 3 : 4;
  const tga = new Uint8Array(18 + width * height * depth);
  tga.set([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, width & 255, width >> 8, height & 255, height >> 8, 8 * depth,
           (opaque ? 0 : 8) | 32]);
  for (let i = 0; i < width * height; i++) {
    const at = 18 + depth * i;
    tga[at] = rgba[4 * i + 2];
    tga[at + 1] = rgba[4 * i + 1];
    tga[at + 2] = rgba[4 * i];
    if (!opaque) tga[at + 3] = rgba[4 * i + 3];
  }
  return tga;
}

// A picture stb_image does not read (WebP, AVIF, ...) as a TGA of its decoded pixels; null where
// the browser cannot read it either.
export async function decodedPicture(bytes) {
  let bitmap;
  try {
    bitmap = await createImageBitmap(new Blob([bytes]), { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  } catch (e) {
    return null;
  }
  const pixels = pixelsOf(bitmap, bitmap.width, bitmap.height);
  bitmap.close();
  return pixels && tgaOf(pixels);
}

// A file the <video> element plays: by its type, else by its first bytes (WebM/Matroska's EBML
// header, an MP4's or QuickTime's ftyp box that is not a still's: AVIF and HEIF are pictures).
export function isClip(type, b) {
  if (/^video\//.test(type)) return true;
  const text = (from, to) => String.fromCharCode(...b.subarray(from, to));
  return b.length > 12 && ((b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) ||
                           (text(4, 8) === 'ftyp' && !/^(avif|avis|heic|heix|mif1)$/.test(text(8, 12))));
}

// A clip playing in a hidden <video>: each frame it presents (playing, stepped or sought) goes to
// onFrame({source, width, height, time}) once, the newest only (source: the <video>, for WebGL2 to
// upload while onFrame runs). Frame steps go by the clip's own frame duration, measured at open


// Whether the bytes are a GIF of more than one frame that the browser's ImageDecoder reads.
export async function isAnimatedGif(b) {
  if (typeof ImageDecoder === 'undefined' || b.length < 6 || String.fromCharCode(...b.subarray(0, 4)) !== 'GIF8') return false;
  const decoder = new ImageDecoder({ data: b, type: 'image/gif' });
  try {
    await Promise.all([decoder.tracks.ready, decoder.completed]);
    return decoder.tracks.selectedTrack.frameCount > 1;
  } catch (e) {
    return false;
  } finally {
    decoder.close();
  }
}
