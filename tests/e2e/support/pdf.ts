/**
 * Reads a PDF that Chromium printed (page.pdf): its pages with their size, text and pictures, and
 * its title, through pdf.js (pdfjs-dist's Node build). The page count is also taken from the
 * file's own /Type /Page objects, so the two readings check each other.
 */
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface PdfText {
  str: string;
  /** left edge and baseline, in points from the bottom left corner */
  x: number;
  y: number;
}

interface PdfPage {
  width: number;
  height: number;
  items: PdfText[];
  /** the page's text, runs joined in drawing order (a space at each line's end), white space collapsed */
  text: string;
  /** pictures drawn on the page */
  images: number;
}

export interface Pdf {
  title: string;
  pages: PdfPage[];
  /** /Type /Page objects in the file */
  pageObjects: number;
}

export async function readPdf(bytes: Buffer): Promise<Pdf> {
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const runs = content.items.flatMap((item) => ('str' in item ? [item] : []));
      const items = runs.map((item) => ({ str: item.str, x: item.transform[4], y: item.transform[5] }));
      const operators = await page.getOperatorList();
      pages.push({
        width: viewport.width,
        height: viewport.height,
        items,
        text: runs
          .map((run) => run.str + (run.hasEOL ? ' ' : ''))
          .join('')
          .replace(/\s+/g, ' '),
        images: operators.fnArray.filter((op) => op === OPS.paintImageXObject || op === OPS.paintInlineImageXObject)
          .length,
      });
    }
    const info = (await doc.getMetadata()).info as { Title?: string };
    const pageObjects = (bytes.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
    return { title: info.Title ?? '', pages, pageObjects };
  } finally {
    await doc.destroy();
  }
}
