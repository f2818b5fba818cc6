-- :checkhealth exportlens in headless Neovim, run by
-- tests/editors/test_neovim.py as
--   nvim --headless --clean -c 'luafile tests/editors/nvim_health_test.lua'
-- With editors/nvim on 'runtimepath', the command from EXPORTLENS_CMD (a
-- JSON array) set through vim.lsp.config (0.11+) or setup() (older), it
-- prints the health report's lines; test_neovim.py judges them.

local root = os.getenv("EXPORTLENS_ROOT") or "."
local cmd = vim.fn.json_decode(os.getenv("EXPORTLENS_CMD"))
vim.opt.runtimepath:prepend(root .. "/editors/nvim")
if type(vim.lsp.config) == "table" then
  vim.lsp.config("exportlens", { cmd = cmd })
else
  require("exportlens").setup({ cmd = cmd, autostart = false })
end
vim.cmd("checkhealth exportlens")
for _, line in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
  io.stdout:write(line .. "\n")
end
io.stdout:write("END\n")
vim.cmd("qall!")
