import { queryOptions, useQuery } from '@tanstack/react-query';

/** A QR code of `text` as SVG markup (the qrcode package, in its own chunk), made on the server for the first paint. */
export const qrSvgQuery = (text: string) =>
  queryOptions({
    queryKey: ['qr-svg', text] as const,
    queryFn: async () =>
      (await import('qrcode')).toString(text, {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
        color: { dark: '#000000', light: '#ffffff' },
      }),
    staleTime: Infinity,
  });

/** The QR code's markup, or nothing while `text` is empty. */
export function useQrSvg(text: string) {
  return useQuery({ ...qrSvgQuery(text), enabled: text !== '' });
}
