import { toast } from 'sonner';

/** Writes text to the clipboard and says whether it worked (a refused permission is reported, not thrown). */
export async function copyToClipboard(text: string, done: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
    return true;
  } catch (error) {
    console.error('Error copying to the clipboard:', error);
    toast.error('Could not copy to the clipboard.');
    return false;
  }
}
