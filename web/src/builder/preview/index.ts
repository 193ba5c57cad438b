/** The publication preview of the builder's summary pane (contest-builder.md §2). */
export { PreviewPane, type PreviewPaneProps } from "./PreviewPane";
export { type PreviewAuthor, PublicationPreview, type PublicationPreviewProps } from "./PublicationPreview";
export { type PreviewPublication, type PublicationKind, publicationsOf } from "./publications";
