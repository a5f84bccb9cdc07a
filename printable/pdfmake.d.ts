/** The part of pdfmake 0.3's server API (node_modules/pdfmake/js/index.js) that printable/ uses. */
declare module 'pdfmake' {
  interface OutputDocument {
    getBuffer(): Promise<Buffer>;
  }
  interface PdfMake {
    setFonts(fonts: Record<string, Record<string, string>>): void;
    setUrlAccessPolicy(callback: ((url: string) => boolean) | undefined): void;
    setLocalAccessPolicy(callback: ((path: string) => boolean) | undefined): void;
    createPdf(doc: Record<string, unknown>, options?: Record<string, unknown>): OutputDocument;
    /** In-memory files pdfmake reads fonts and images from before the disk. */
    virtualfs: { writeFileSync(file: string, content: Buffer): void; existsSync(file: string): boolean };
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}
