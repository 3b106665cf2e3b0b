// Kept as string constants so the compiled API needs no asset copying.

export const REPORT_CSS = `
@page { size: A4; }
* { box-sizing: border-box; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
html { font-family: 'Liberation Serif', 'Times New Roman', Times, serif; font-size: 10.5pt; line-height: 1.42; color: #1c2430; }
body { margin: 0; }
.sans, h1, h2, h3, h4, h5, h6, table, .title-block, .sources-appendix { font-family: 'Liberation Sans', Arial, Helvetica, sans-serif; }

.title-block { margin: 0 0 18pt; padding: 0 0 12pt; border-bottom: 2pt solid #1f3a5f; }
.title-block .brand { font-size: 11pt; font-weight: bold; color: #8a6d3b; margin-bottom: 10pt; }
.title-block .report-title { font-size: 26pt; line-height: 1.1; margin: 0; border: 0; padding: 0; color: #1f3a5f; }
.title-block .project { font-family: 'Liberation Serif', 'Times New Roman', serif; font-size: 15pt; color: #3d4a5c; margin: 4pt 0 14pt; }
.title-block table.meta { width: auto; border-collapse: collapse; margin: 0; font-size: 8.5pt; line-height: 1.35; }
.title-block table.meta th, .title-block table.meta td { border: 0; background: none; padding: 2pt 14pt 2pt 0; vertical-align: top; text-align: left; }
.title-block table.meta th { color: #6b7785; font-weight: normal; white-space: nowrap; }
.title-block table.meta td { color: #1c2430; }
.title-block ul.documents { margin: 0; padding: 0; list-style: none; }
.title-block ul.documents.columns { columns: 2; column-gap: 18pt; }
.title-block ul.documents li { margin: 0 0 1pt; break-inside: avoid; }

h1, h2, h3, h4, h5, h6 { color: #1f3a5f; line-height: 1.2; break-after: avoid; page-break-after: avoid; break-inside: avoid; }
h1 { font-size: 16pt; margin: 20pt 0 8pt; padding-bottom: 3pt; border-bottom: 0.75pt solid #c5d0dd; }
h2 { font-size: 13pt; margin: 16pt 0 6pt; }
h3 { font-size: 11pt; margin: 12pt 0 4pt; color: #2c4a6e; }
h4, h5, h6 { font-size: 10.5pt; margin: 10pt 0 4pt; }
p { margin: 0 0 7pt; text-align: justify; hyphens: auto; orphans: 3; widows: 3; }
ul, ol { margin: 0 0 8pt; padding-left: 18pt; }
li { margin: 0 0 3pt; }
li > p { margin-bottom: 3pt; }
strong { color: #111a24; }
a { color: #1f5fa8; text-decoration: none; }
hr { border: 0; border-top: 0.75pt solid #c5d0dd; margin: 12pt 0; }
code { font-family: 'Liberation Mono', 'Courier New', monospace; font-size: 9pt; background: #f1f3f6; padding: 0 2pt; }
pre { font-family: 'Liberation Mono', 'Courier New', monospace; font-size: 8.5pt; background: #f1f3f6; padding: 6pt 8pt; white-space: pre-wrap; break-inside: avoid; }
pre code { background: none; padding: 0; }

blockquote { margin: 6pt 0 10pt; padding: 5pt 12pt; border-left: 2.5pt solid #8a6d3b; background: #f8f6f1; color: #2f3640; font-style: italic; break-inside: avoid; }
blockquote p { margin: 0 0 4pt; }
blockquote p:last-child { margin-bottom: 0; }

table { width: 100%; border-collapse: collapse; margin: 6pt 0 12pt; font-size: 8.5pt; line-height: 1.3; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
th, td { border: 0.75pt solid #b7c2cf; padding: 4pt 5pt; vertical-align: top; text-align: left; }
th { background: #1f3a5f; color: #ffffff; font-weight: bold; }
tbody tr:nth-child(even) td { background: #f5f7fa; }
td[align="center"], th[align="center"] { text-align: center; }
td[align="right"], th[align="right"] { text-align: right; }

.severity { display: inline-block; min-width: 44pt; text-align: center; padding: 1pt 5pt; border-radius: 7pt; font-weight: bold; font-size: 7.5pt; }
.severity-high { background: #fbe3e2; color: #9b1c1c; border: 0.75pt solid #e3a3a1; }
.severity-medium { background: #fdf0d5; color: #87580a; border: 0.75pt solid #e6c483; }
.severity-low { background: #e2f3e6; color: #1d6b36; border: 0.75pt solid #9fcfab; }

sup.cite { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 6.5pt; line-height: 0; color: #1f5fa8; white-space: nowrap; }
.source-label { font-family: 'Liberation Sans', Arial, sans-serif; font-weight: bold; color: #1f3a5f; }
.sources-appendix h1 { margin-top: 24pt; }
.sources-section ul, .sources-section ol { list-style: none; padding: 0; font-size: 8.5pt; line-height: 1.35; }
.sources-section li { margin: 0 0 5pt; padding-left: 26pt; text-indent: -26pt; break-inside: avoid; }
.sources-section .source-label { display: inline-block; width: 26pt; text-indent: 0; }
ol.sources { list-style: none; padding: 0; font-size: 8.5pt; line-height: 1.35; }
ol.sources li { margin: 0 0 5pt; padding-left: 26pt; text-indent: -26pt; break-inside: avoid; }
ol.sources .source-label { display: inline-block; width: 26pt; text-indent: 0; }
ol.sources .file { font-weight: bold; }
ol.sources q { font-family: 'Liberation Serif', 'Times New Roman', serif; font-style: italic; color: #3d4a5c; quotes: '\\201C' '\\201D'; }
`;

export const REPORT_TEMPLATE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>{{kindTitle}}: {{projectName}}</title>
<meta name="author" content="{{product}}">
<meta name="generator" content="{{product}}">
<style>{{{css}}}</style>
</head>
<body>
<header class="title-block">
  <div class="brand">{{product}}</div>
  <h1 class="report-title">{{kindTitle}}</h1>
  <div class="project">{{projectName}}</div>
  <table class="meta">
    <tr><th>Date</th><td>{{date}}</td></tr>
    <tr><th>Engine</th><td>{{engine}}</td></tr>
    <tr><th>Documents analysed ({{documents.length}})</th><td>{{#if documents.length}}<ul class="documents{{#if manyDocuments}} columns{{/if}}">{{#each documents}}<li>{{this}}</li>{{/each}}</ul>{{else}}None{{/if}}</td></tr>
    <tr><th>Citations</th><td>{{citationCount}}</td></tr>
  </table>
</header>
<main class="report-body">
{{{body}}}
</main>
{{#if appendix.length}}
<section class="sources-appendix">
  <h1>Sources</h1>
  <ol class="sources">
  {{#each appendix}}
    <li id="source-{{number}}"><span class="source-label">[{{number}}]</span><span class="file">{{file}}</span>, page {{page}}: <q>{{quote}}</q></li>
  {{/each}}
  </ol>
</section>
{{/if}}
</body>
</html>`;

const MARGIN_BOX = "font-family: 'Liberation Sans', Arial, sans-serif; font-size: 7.5pt; color: #6b7785; width: 100%; margin: 0 18mm; display: flex; justify-content: space-between; align-items: baseline;";

export const HEADER_TEMPLATE = `<div style="${MARGIN_BOX} padding-bottom: 3pt; border-bottom: 0.5pt solid #c5d0dd;">
  <span><b style="color: #1f3a5f;">{{product}}</b>&nbsp;&nbsp;{{kindTitle}}</span>
  <span>{{projectName}}</span>
</div>`;

export const FOOTER_TEMPLATE = `<div style="${MARGIN_BOX}">
  <span style="color: #9b1c1c; font-weight: bold;">Confidential</span>
  <span>{{day}}</span>
  <span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span>
</div>`;
