import { useState, type ChangeEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  LinearProgress,
  MenuItem,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import { type ImportVetPatientsResult } from '#shared/contract/vet-import';
import { IMPORT_FIELDS, type ImportField } from '#shared/contract/import-fields';
import { newProgressKey, useImportPatients, useUndoImport } from '#client/api/portal-import';
import { ErrorLine, errorMessage } from '#client/components/states/error-line';
import { UserText } from '#client/components/i18n/bidi';
import { saveFile } from '#client/components/media/save-file';
import { errorsCsv } from '#client/features/portal-import/errors-csv';
import { ImportProgressBar } from '#client/features/portal-import/import-progress-bar';

/** Errors listed on screen; the download holds them all. */
const SHOWN_ERRORS = 100;

type Stage = 'upload' | 'preview' | 'writing' | 'done';
const STEPS = ['upload', 'map', 'preview', 'import'] as const;

/**
 * The import wizard (issue 32 item 6; admins, as the server enforces): upload a CSV, map its columns (auto-mapped from
 * their headers by the server's dry run), a preview with each row's errors (downloadable), the import with a
 * determinate progress bar (the upload, then the server's rows read and pets written), and a summary with Undo.
 */
export default function ImportTab() {
  const { t } = useTranslation('portal');
  const check = useImportPatients();
  const write = useImportPatients();
  const undo = useUndoImport();
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<(ImportField | null)[] | null>(null);
  const [preview, setPreview] = useState<ImportVetPatientsResult | null>(null);
  const [result, setResult] = useState<ImportVetPatientsResult | null>(null);
  const [undone, setUndone] = useState<number | null>(null);
  const [progressKey, setProgressKey] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState(0);
  const stage: Stage = result ? 'done' : write.isPending ? 'writing' : preview ? 'preview' : 'upload';
  const failure = check.error ?? write.error ?? undo.error;
  const fieldTitle = (field: string) => t(`exportColumns.${field}`);

  const runCheck = (chosen: File, columns?: (ImportField | null)[]) =>
    check.mutate(
      { file: chosen, mapping: columns, dryRun: true },
      {
        onSuccess: (data) => {
          setPreview(data);
          setMapping(data.columns.map((c) => c.field));
        },
      },
    );
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    reset();
    setFile(chosen);
    runCheck(chosen);
  };
  const reset = () => {
    setFile(null);
    setMapping(null);
    setPreview(null);
    setResult(null);
    setUndone(null);
    check.reset();
    write.reset();
    undo.reset();
  };
  const changeColumn = (index: number, value: string) =>
    setMapping((m) => (m ?? []).map((f, i) => (i === index ? (value === '' ? null : (value as ImportField)) : f)));
  const start = () => {
    if (!file || !mapping) return;
    const key = newProgressKey();
    setProgressKey(key);
    setUploaded(0);
    write.mutate(
      { file, mapping, dryRun: false, progressKey: key, onUploadProgress: setUploaded },
      { onSuccess: setResult, onSettled: () => setProgressKey(null) },
    );
  };
  const downloadErrors = (errors: ImportVetPatientsResult['errors']) =>
    saveFile(
      errorsCsv(errors, [t('import.line'), t('import.field'), t('import.problem')], fieldTitle),
      `${t('import.errorsFile')}.csv`,
    );
  // done: past the last step, so every step, the last too, shows its tick
  const activeStep = stage === 'done' ? STEPS.length : stage === 'writing' ? 3 : preview ? 2 : 0;
  const shown = result ?? preview;

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('import.title')}
      </Typography>
      <Typography color="text.secondary">{t('import.intro')}</Typography>
      <Stepper activeStep={activeStep} alternativeLabel aria-label={t('import.stepsLabel')}>
        {STEPS.map((s) => (
          <Step key={s}>
            <StepLabel>{t(`import.steps.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {failure && <ErrorLine message={errorMessage(failure)} plain />}

      {(stage === 'upload' || stage === 'preview') && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button component="label" variant={preview ? 'outlined' : 'contained'} startIcon={<UploadFileIcon />}>
            {t('import.chooseFile')}
            <input hidden type="file" accept=".csv,text/csv" onChange={choose} data-testid="import-file" />
          </Button>
          {file && (
            <Typography>
              <UserText>{file.name}</UserText>
            </Typography>
          )}
        </Stack>
      )}
      {check.isPending && (
        <Box role="status">
          <Typography>{t('import.checking')}</Typography>
          <LinearProgress aria-label={t('import.checking')} />
        </Box>
      )}

      {stage === 'preview' && preview && mapping && (
        <>
          <Typography variant="h6" component="h2">
            {t('import.steps.map')}
          </Typography>
          <TableContainer>
            <Table size="small" aria-label={t('import.steps.map')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('import.column')}</TableCell>
                  <TableCell>{t('import.field')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.columns.map((column, i) => (
                  <TableRow key={i}>
                    <TableCell>
                      <UserText>{column.header}</UserText>
                    </TableCell>
                    <TableCell>
                      <TextField
                        select
                        size="small"
                        value={mapping[i] ?? ''}
                        onChange={(e) => changeColumn(i, e.target.value)}
                        slotProps={{
                          htmlInput: { 'aria-label': t('import.fieldOf', { column: column.header }) },
                          // '' is a choice (the column left out): shown as such
                          select: { displayEmpty: true },
                        }}
                        sx={{ minWidth: 200 }}
                      >
                        <MenuItem value="">{t('import.leaveOut')}</MenuItem>
                        {IMPORT_FIELDS.map((f) => (
                          <MenuItem key={f} value={f}>
                            {fieldTitle(f)}
                          </MenuItem>
                        ))}
                      </TextField>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Box>
            <Button variant="outlined" disabled={check.isPending} onClick={() => file && runCheck(file, mapping)}>
              {t('import.recheck')}
            </Button>
          </Box>
        </>
      )}

      {shown && stage !== 'writing' && (
        <>
          <Typography variant="h6" component="h2">
            {stage === 'done' ? t('import.steps.import') : t('import.steps.preview')}
          </Typography>
          <Alert severity={stage === 'done' ? 'success' : shown.errors.length > 0 ? 'warning' : 'info'} role="status">
            {stage === 'done'
              ? [
                  t('import.done', { created: shown.created, duplicates: shown.duplicates }),
                  // said only when rows were left out (it once said so after a file without errors too)
                  shown.rows > shown.created ? t('import.doneLeftOut', { rows: shown.rows - shown.created }) : '',
                ].join(' ')
              : t('import.previewSummary', {
                  rows: shown.rows,
                  created: shown.created,
                  duplicates: shown.duplicates,
                  errors: shown.rows - shown.created,
                })}
          </Alert>
          {shown.errors.length > 0 && (
            <>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="subtitle1" component="h3">
                  {t('import.errorsTitle')}
                </Typography>
                <Button variant="outlined" onClick={() => downloadErrors(shown.errors)}>
                  {t('import.downloadErrors')}
                </Button>
              </Stack>
              {shown.errors.length > SHOWN_ERRORS && (
                <Typography color="text.secondary">
                  {t('import.moreErrors', { shown: SHOWN_ERRORS, total: shown.errors.length })}
                </Typography>
              )}
              {/* scrolls on its own: focusable, so a keyboard can scroll it too */}
              <TableContainer tabIndex={0} role="region" aria-label={t('import.errorsTitle')} sx={{ maxHeight: 360 }}>
                <Table size="small" stickyHeader aria-label={t('import.errorsTitle')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('import.line')}</TableCell>
                      <TableCell>{t('import.field')}</TableCell>
                      <TableCell>{t('import.problem')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.errors.slice(0, SHOWN_ERRORS).map((e, i) => (
                      <TableRow key={i}>
                        <TableCell>{e.line}</TableCell>
                        <TableCell>{e.field ? fieldTitle(e.field) : ''}</TableCell>
                        <TableCell>
                          <UserText>{e.message}</UserText>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
        </>
      )}

      {stage === 'preview' && preview && preview.created > 0 && (
        <Box>
          <Button variant="contained" color="secondary" disabled={check.isPending} onClick={start}>
            {t('import.start', { n: preview.created })}
          </Button>
        </Box>
      )}
      {stage === 'writing' && preview && (
        <Box role="status">
          <Typography>{t('import.writing', { n: preview.created })}</Typography>
        </Box>
      )}
      {stage === 'writing' && preview && progressKey && (
        <ImportProgressBar progressKey={progressKey} uploaded={uploaded} rows={preview.rows} pets={preview.created} />
      )}
      {stage === 'done' && result && (
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
          {result.importId !== null && undone === null && (
            <Button
              variant="outlined"
              color="error"
              disabled={undo.isPending}
              onClick={() =>
                result.importId !== null && undo.mutate(result.importId, { onSuccess: (d) => setUndone(d.deleted) })
              }
            >
              {t('import.undo')}
            </Button>
          )}
          <Button variant="outlined" onClick={reset}>
            {t('import.again')}
          </Button>
        </Stack>
      )}
      {undone !== null && (
        <Alert severity="info" role="status">
          {t('import.undone', { n: undone })}
        </Alert>
      )}
    </Stack>
  );
}
