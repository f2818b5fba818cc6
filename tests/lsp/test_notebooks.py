"""Notebook document sync in `exportlens lsp`, driven by pytest-lsp as an
editor drives it: the server advertises `notebookDocumentSync` for Jupyter
notebooks' Python cells, and a notebook opened with
`notebookDocument/didOpen` gets its diagnostics published on the cell that
holds them (the `vscode-notebook-cell:` URIs the client gave), at the line
within that cell."""
from __future__ import annotations

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from lsp_helpers import CONFIG, diagnostics_for, initialize, wait_for

NOTEBOOK = "file:///tmp/exportlens-nb/model.ipynb"


def cell_uri(n: int) -> str:
    return f"vscode-notebook-cell:/tmp/exportlens-nb/model.ipynb#W{n}sZmlsZQ%3D%3D"


CELLS = {
    1: "%matplotlib inline\n!pip list\nimport torch\n",
    2: "class M(torch.nn.Module):\n    def forward(self, x):\n        if x.sum() > 0:\n"
    "            return x + 1\n        return x - 1\n",
    3: "model = M()\nexample_args = (torch.randn(3),)\n",
}


@pytest.mark.asyncio
async def test_notebook_diagnostics_land_on_their_cell():
    client = await CONFIG.start()
    result = await initialize(client)
    selector = result.capabilities.notebook_document_sync.notebook_selector[0]
    assert selector.notebook == "jupyter-notebook"
    assert selector.cells[0].language == "python"

    cells = [types.NotebookCell(kind=types.NotebookCellKind.Markup, document=cell_uri(0))]
    cells += [types.NotebookCell(kind=types.NotebookCellKind.Code, document=cell_uri(n)) for n in CELLS]
    client.notebook_document_did_open(
        types.DidOpenNotebookDocumentParams(
            notebook_document=types.NotebookDocument(
                uri=NOTEBOOK, notebook_type="jupyter-notebook", version=1, cells=cells
            ),
            cell_text_documents=[
                types.TextDocumentItem(uri=cell_uri(n), language_id="python", version=1, text=t)
                for n, t in CELLS.items()
            ],
        )
    )
    diags = await diagnostics_for(client, cell_uri(2), None, analysed=NOTEBOOK)
    errs = [d for d in diags if d.severity == types.DiagnosticSeverity.Error]
    assert errs, diags
    assert str(errs[0].code) == "data-dependent"
    # Line 3 of the model's cell (0-based 2), `x.sum() > 0` at column 12.
    assert (errs[0].range.start.line, errs[0].range.start.character) == (2, 11)
    # The magics cell parsed: no syntax error anywhere.
    for n in CELLS:
        assert not [d for d in client.diagnostics.get(cell_uri(n), []) if str(d.code) == "syntax"]

    # Fix the branch in the cell: its error goes away.
    client.notebook_document_did_change(
        types.DidChangeNotebookDocumentParams(
            notebook_document=types.VersionedNotebookDocumentIdentifier(uri=NOTEBOOK, version=2),
            change=types.NotebookDocumentChangeEvent(
                cells=types.NotebookDocumentCellChanges(
                    text_content=[
                        types.NotebookDocumentCellContentChanges(
                            document=types.VersionedTextDocumentIdentifier(uri=cell_uri(2), version=2),
                            changes=[
                                types.TextDocumentContentChangePartial(
                                    range=types.Range(
                                        start=types.Position(line=2, character=13),
                                        end=types.Position(line=2, character=18),
                                    ),
                                    text="shape[0]",
                                )
                            ],
                        )
                    ]
                )
            ),
        )
    )

    def cleared():
        return not [
            d
            for d in client.diagnostics.get(cell_uri(2), [])
            if d.severity == types.DiagnosticSeverity.Error
        ]

    await wait_for(cleared, what="the cell's error cleared")
    await client.shutdown_session()
