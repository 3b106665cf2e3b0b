/** Hands a downloaded blob to the browser as a file with the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Revoking on the next tick lets the browser start the download first.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
