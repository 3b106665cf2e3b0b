/** What reading a document found, kept on its row (`documents.parse_report`) and shown with it. */
export interface ParseReport {
  pages: number;
  pagesOcr: number;
  pagesWithoutText: number;
  characters: number;
  tables: number;
}

/** The most characters (UTF-16 code units) a document's text may have; text uploads are held to it at once. */
export const MAX_TEXT_CHARACTERS = 20_000_000;
