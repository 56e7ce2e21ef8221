import { MAX_UPLOAD_BYTES, VENDOR_PREVIEW_MESSAGES, type VendorPreviewResponse } from '@app/contracts';
import { CircleAlert, Download, Eye, Loader2 } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { serverMessage } from '@/components/form/editor-save';
import { controlProps } from '@/components/form/field-props';
import { FormField } from '@/components/form/form-field';
import { FormSection } from '@/components/form/form-section';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { describeError } from '@/lib/api-client';
import { readFileAsBase64 } from '@/lib/file-base64';
import { usePreviewVendorFile } from '../api/order-vendors';
import { downloadBase64 } from '../lib/vendor-form';

const ORDER_FILE_EXTENSIONS = ['.csv', '.xls', '.xlsx'];
const FILE_ID = 'vendor-preview-file';
const FILE_HINT = 'An order file as the order submission source receives it (.csv, .xls or .xlsx)';
const FORM_INVALID = 'Complete the vendor form first: the preview uses its settings as they stand.';
const PREVIEW_FAILED = 'The preview could not be generated.';

function orderFileProblem(file: File): string | null {
  const name = file.name.toLowerCase();
  if (!ORDER_FILE_EXTENSIONS.some((extension) => name.endsWith(extension)))
    return VENDOR_PREVIEW_MESSAGES.fileType;
  if (file.size > MAX_UPLOAD_BYTES) return VENDOR_PREVIEW_MESSAGES.tooLarge;
  return null;
}

const lines = (count: number) => `${count} order line${count === 1 ? '' : 's'}`;

/**
 * Beyond the spec (docs/behaviour/order-submission.md#preview): builds this vendor's file from a sample order file with the editor's current,
 * unsaved settings and shows its rows. Nothing is sent or stored. `readVendor` validates the form (showing its
 * field messages) and gives the vendor save payload, or null when the form is not complete.
 */
export function VendorPreviewCard({
  readVendor,
}: {
  readVendor: () => Promise<Record<string, unknown> | null>;
}) {
  const preview = usePreviewVendorFile();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<VendorPreviewResponse | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setResult(null);
    setError(null);
    const problem = chosen ? orderFileProblem(chosen) : null;
    if (problem) {
      setFile(null);
      setFileError(problem);
      setFileInputKey((key) => key + 1);
      return;
    }
    setFile(chosen);
    setFileError(undefined);
  };

  const generate = async () => {
    setError(null);
    setResult(null);
    if (!file) {
      setFileError(VENDOR_PREVIEW_MESSAGES.fileRequired);
      return;
    }
    const vendor = await readVendor();
    if (!vendor) {
      setError(FORM_INVALID);
      return;
    }
    try {
      const contentBase64 = await readFileAsBase64(file);
      setResult(await preview.mutateAsync({ vendor, file: { fileName: file.name, contentBase64 } }));
    } catch (failure) {
      console.error('Error generating the vendor file preview:', failure);
      setError(serverMessage(failure) ?? describeError(failure, PREVIEW_FAILED));
    }
  };

  const busy = preview.isPending;
  return (
    <FormSection
      title="Preview"
      description="Try these settings on a sample order file: the rows this vendor's file would get. Nothing is sent or saved."
      contentClassName="grid gap-4"
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
        <FormField id={FILE_ID} label="Sample Order File" hint={FILE_HINT} error={fileError}>
          <Input
            key={fileInputKey}
            type="file"
            accept={ORDER_FILE_EXTENSIONS.join(',')}
            onChange={onFileChange}
            {...controlProps(FILE_ID, { hint: FILE_HINT, error: fileError })}
          />
        </FormField>
        <Button
          type="button"
          variant="outline"
          className="sm:mt-5.5"
          disabled={busy}
          onClick={() => void generate()}
        >
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Eye aria-hidden />}
          {busy ? 'Generating...' : 'Generate Preview'}
        </Button>
      </div>

      {error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}

      {result && <PreviewResult result={result} />}
    </FormSection>
  );
}

function PreviewResult({ result }: { result: VendorPreviewResponse }) {
  const width = Math.max(result.header.length, ...result.rows.map((row) => row.length));
  const columns = Array.from({ length: width }, (_, index) => index);
  return (
    <section aria-label="Preview result" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-1 text-sm">
          <p>
            <span className="font-medium">{lines(result.lineCount)}</span> for this vendor in{' '}
            <span className="font-medium">{result.fileName}</span>
            {result.rows.length < result.lineCount ? ` (the first ${result.rows.length} are shown)` : ''}.
          </p>
          <p className="text-muted-foreground">
            {result.otherVendors.length > 0
              ? `Other vendors in this file: ${result.otherVendors.join(', ')}`
              : 'No other vendors in this file.'}
          </p>
        </div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => downloadBase64(result.fileName, result.contentBase64)}
        >
          <Download aria-hidden />
          Download generated file
        </Button>
      </div>
      {result.rows.length === 0 ? (
        <p className="rounded-md border py-6 text-center text-muted-foreground text-sm">
          The file has no order lines for this vendor.
        </p>
      ) : (
        <div className="max-h-96 overflow-auto rounded-md border">
          <Table aria-label="Generated rows">
            <TableHeader>
              <TableRow>
                {columns.map((column) => (
                  <TableHead key={column} className="whitespace-nowrap">
                    {result.header[column] ?? ''}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {result.rows.map((row, rowIndex) => (
                // Generated rows have no identity of their own; their position is their key.
                <TableRow key={rowIndex}>
                  {columns.map((column) => (
                    <TableCell key={column} className="whitespace-nowrap">
                      {row[column] ?? ''}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
