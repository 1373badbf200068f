import { toast } from './toast';

export const LINK_COPIED_MESSAGE = 'Link copied to clipboard';

/**
 * Shares an address of this app: the device's share sheet where there is one
 * (phones), else the link goes to the clipboard, with a toast either way it
 * lands. Closing the share sheet is not an error.
 */
export async function shareLink(path: string, title: string): Promise<void> {
  const url = new URL(path, window.location.origin).toString();
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // No share target (or not allowed here): copy instead.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast(LINK_COPIED_MESSAGE, 'success');
  } catch {
    toast(`Could not copy the link. Copy it from here: ${url}`, 'error', 10000);
  }
}
