import { Check, Download, FileSpreadsheet, Replace } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { downloadBase64File } from '../lib/download';
import { formatFileSize } from '../lib/upload-checks';

/** Bytes of base64 text without decoding it. */
function decodedSize(base64: string): number {
  const text = base64.replace(/\s+/g, '');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((text.length * 3) / 4) - padding);
}

/**
 * The download card (docs/behaviour/inventory.md#manual-processing): the generated file of a processing (also of a held run, to inspect it), or the
 * modified file of Debug: Modify File, which can also be chosen for processing at once.
 */
export function DownloadCard({
  kind,
  fileName,
  fileData,
  held = false,
  onUseModifiedFile,
  usingModifiedFile = false,
}: {
  kind: 'process' | 'debug';
  fileName: string;
  fileData: string;
  held?: boolean;
  onUseModifiedFile?: () => void;
  usingModifiedFile?: boolean;
}) {
  const title = kind === 'debug' ? 'Modified File' : 'Generated File';
  const description =
    kind === 'debug'
      ? 'The supplier file with the simulated stock drops.'
      : held
        ? 'The file this run would deliver: nothing was delivered while it is held.'
        : 'The inventory file generated for the retailer.';

  const download = () => {
    try {
      downloadBase64File(fileData, fileName);
    } catch (error) {
      console.error('Error building the download:', error);
      toast.error(`${fileName} could not be downloaded: the file data is damaged.`);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <FileSpreadsheet aria-hidden className="size-8 shrink-0 text-emerald-600" />
          <div className="grid min-w-0 flex-1 gap-0.5">
            <p className="break-all font-medium text-sm">{fileName}</p>
            <p className="text-muted-foreground text-xs">{formatFileSize(decodedSize(fileData))}</p>
          </div>
          <div className="flex w-full flex-wrap gap-2 sm:w-auto [&>button]:flex-1 sm:[&>button]:flex-none">
            <Button type="button" onClick={download}>
              <Download aria-hidden />
              Download
            </Button>
            {onUseModifiedFile && (
              <Button
                type="button"
                variant="outline"
                onClick={onUseModifiedFile}
                disabled={usingModifiedFile}
              >
                {usingModifiedFile ? <Check aria-hidden /> : <Replace aria-hidden />}
                Use Modified File
              </Button>
            )}
          </div>
        </div>
        {onUseModifiedFile && (
          <p className="text-muted-foreground text-xs">
            {usingModifiedFile
              ? 'The modified file is the chosen file: click Process File to process it.'
              : 'Use Modified File replaces the chosen file with this one, ready for Process File.'}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
