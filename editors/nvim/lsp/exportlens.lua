-- exportlens for Neovim 0.11+ without the plugin's setup(): with this
-- folder (editors/nvim) on 'runtimepath',
--
--   vim.lsp.enable("exportlens")
--
-- starts `exportlens lsp` for Python buffers. Override any field with
-- vim.lsp.config("exportlens", { cmd = {...}, settings = { exportlens = { mode = "both" } } }).
-- The binary is found as the plugin finds it (editors/nvim/bin, the
-- repository's target/release when used from a clone, then PATH);
-- :checkhealth exportlens says which one and whether it starts.

local ok, found = pcall(function()
  return require("exportlens").find_binary({})
end)

---@type vim.lsp.Config
return {
  cmd = { ok and found or "exportlens", "lsp" },
  filetypes = { "python" },
  root_markers = { "exportlens.toml", "pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", ".git" },
}
