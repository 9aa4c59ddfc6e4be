// docs/E2E.md: at this quality a 1280x720 frame is about 60 KB and its text stays sharp enough to read.
const JPEG_QUALITY = 0.9;

/**
 * The video's current frame as a JPEG, drawn through a canvas at the camera's own resolution. Rejects when the
 * frame cannot be encoded (no frame yet, no 2D context, toBlob gives null): docs/SPEC.md §5 photo_error_convert_image.
 */
export function captureJpeg(video: HTMLVideoElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const width = video.videoWidth;
    const height = video.videoHeight;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = width > 0 && height > 0 ? canvas.getContext('2d') : null;
    if (!context) {
      reject(new Error('no frame to capture'));
      return;
    }
    context.drawImage(video, 0, 0, width, height);
    canvas.toBlob(
      (blob) => (blob && blob.size > 0 ? resolve(blob) : reject(new Error('the frame could not be encoded'))),
      'image/jpeg',
      JPEG_QUALITY,
    );
  });
}
