import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { jsonAnswer, renderWithApp } from '#tests/support/render-with-app';
import { FoundReportForm } from '#client/features/found-pets/found-report-form';

const image = (name: string) => new File(['png'], name, { type: 'image/png' });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonAnswer({ result: 1, message: '', data: [] })),
  );
  let made = 0;
  URL.createObjectURL = () => `blob:photo-${(made += 1)}`;
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => vi.unstubAllGlobals());

describe('FoundReportForm photos', () => {
  it("offers a button in the page's language over a hidden file input, never the browser's own control", async () => {
    await renderWithApp(<FoundReportForm />, { language: 'fr', namespaces: ['found'] });
    expect(await screen.findByRole('button', { name: 'Choisir des photos' })).toBeVisible();
    const input = screen.getByTestId('found-photos');
    expect(input).not.toBeVisible();
    expect(input).toHaveAttribute('accept', 'image/*');
  }, 20_000);

  it('keeps images only, at most three, says why a file was left out, and lets a photo be removed', async () => {
    await renderWithApp(<FoundReportForm />, { namespaces: ['found'] });
    await screen.findByRole('button', { name: 'Choose photos' });
    const input = screen.getByTestId('found-photos');

    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Only image files are allowed.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Photo 1' })).toBeNull();

    fireEvent.change(input, { target: { files: [image('1.png'), image('2.png')] } });
    expect(screen.getByRole('img', { name: 'Photo 2' })).toBeInTheDocument();
    expect(screen.getByText('2 photos chosen')).toBeInTheDocument();
    expect(screen.queryByText('Only image files are allowed.')).toBeNull();

    fireEvent.change(screen.getByTestId('found-photos'), { target: { files: [image('3.png'), image('4.png')] } });
    expect(screen.getByText('3 photos chosen')).toBeInTheDocument();
    expect(screen.getByText('A report holds at most 3 photos.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add photos' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(screen.getByText('2 photos chosen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add photos' })).toBeVisible();
  }, 20_000);
});
