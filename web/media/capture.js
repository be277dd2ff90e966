// --- media/capture: the camera's stream, and a recorder of what the page draws. ---
// The camera's video stream, or {error} in words: refused, none there, or what the browser said.
export async function camera() {
  if (!navigator.mediaDevices?.getUserMedia) return { error: 'this browser gives pages no camera' };
  try {
    return await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
  } catch (e) {
    if (e.name === 'NotAllowedError') return { error: 'the browser was not allowed to use it' };
    if (e.name === 'NotFoundError') return { error: 'there is none' };
    return { error: e.message || e.name };
  }
}

// What the page shows, recorded: the canvas's frames as they are drawn (frame() after each draw,
// so a frame is never recorded twice nor one left out), with the sound of `video` when it has
// any, as WebM through MediaRecorder. stop() resolves to {blob, frames}.
export class Recorder {
  constructor(canvas, video) {
    this.stream = canvas.captureStream(0);
    this.track = this.stream.getVideoTracks()[0];
    const sound = video?.captureStream ? video.captureStream().getAudioTracks() : [];
    for (const track of sound) this.stream.addTrack(track);
    const type = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp9', 'video/webm'].find((t) => MediaRecorder.isTypeSupported(t));
    this.recorder = new MediaRecorder(this.stream, { mimeType: type, videoBitsPerSecond: 8e6 });
    this.chunks = [];
    this.frames = 0;
    this.recorder.ondataavailable = (e) => e.data.size && this.chunks.push(e.data);
    this.recorder.start();
  }
  frame() {
    this.track.requestFrame();
    this.frames += 1;
  }
  stop() {
    return new Promise((resolve) => {
      this.recorder.onstop = () => {
        this.stream.getTracks().forEach((t) => t.stop());
        resolve({ blob: new Blob(this.chunks, { type: this.recorder.mimeType }), frames: this.frames });
      };
      this.recorder.stop();
    });
  }
}
