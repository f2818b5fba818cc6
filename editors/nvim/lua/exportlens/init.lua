-- exportlens for Neovim: starts `exportlens lsp` for Python buffers.
--
--   require("exportlens").setup({
--     cmd = nil,          -- full command, e.g. { "/path/to/exportlens", "lsp" }
--     server_path = nil,  -- or just the binary; "lsp" is appended
--     settings = { mode = "both" },  -- the server's `exportlens` section
--   })
--
-- Works on Neovim 0.7 (vim.lsp.start_client + buf_attach_client), 0.8-0.10
-- (vim.lsp.start) and 0.11+ (vim.lsp.config + vim.lsp.enable).
-- See editors/README.md for the settings and commands.

local M = {}

local uv = vim.uv or vim.loop

M.name = "exportlens"
M.program_command = "exportlens.showExportedProgram"
M.quick_run_command = "exportlens.quickRun"

local defaults = {
  -- The command that starts the server; when nil it is `<binary> lsp` with
  -- the binary from `server_path`, else bundled, else `exportlens` on PATH.
  cmd = nil,
  server_path = nil,
  -- The `exportlens` settings section: mode ("auto", "strict", "nonstrict",
  -- "both"), guards, guardSeverity, inlayHints, debounceMs, analysisSteps.
  -- `{ exportlens = {...} }` is accepted too.
  settings = {},
  filetypes = { "python" },
  root_markers = { "pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", ".git" },
  -- Inlay hints (tensor shapes): native on Neovim 0.10+, else end-of-line
  -- virtual text.
  inlay_hints = true,
  -- Refresh code lenses ("Show exported program (...)") in attached buffers.
  codelens = true,
  -- Passed through to the client.
  on_attach = nil,
  capabilities = nil,
  -- Use vim.lsp.config/vim.lsp.enable where present (Neovim 0.11+).
  use_lsp_config = true,
  -- Start for Python buffers; when false, call require("exportlens").start().
  autostart = true,
}

M.options = nil
M.hint_ns = vim.api.nvim_create_namespace("exportlens_inlay_hints")

local function has(feature)
  return vim.fn.has(feature) == 1
end

local function notify(msg, level)
  vim.notify("exportlens: " .. msg, level or vim.log.levels.INFO)
end

-- Client methods are called with `:` from Neovim 0.11 on, `.` before.
local method_style = has("nvim-0.11")

local function client_request(client, method, params, handler, bufnr)
  if method_style then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

local function get_clients(filter)
  filter = filter or {}
  filter.name = M.name
  if vim.lsp.get_clients then
    return vim.lsp.get_clients(filter)
  end
  local out = {}
  for _, c in ipairs(vim.lsp.get_active_clients()) do
    if c.name == M.name and (not filter.bufnr or vim.lsp.buf_is_attached(filter.bufnr, c.id)) then
      table.insert(out, c)
    end
  end
  return out
end
M.get_clients = get_clients

local function executable(path)
  return path ~= nil and path ~= "" and vim.fn.executable(path) == 1
end

-- editors/nvim (this file is editors/nvim/lua/exportlens/init.lua).
local function plugin_root()
  local src = debug.getinfo(1, "S").source
  if src:sub(1, 1) == "@" then
    src = src:sub(2)
  end
  return vim.fn.fnamemodify(src, ":p:h:h:h")
end

--- The server binary: `server_path`, else bundled with the plugin
--- (editors/nvim/bin/exportlens, or the repository's release build when the
--- plugin is used from a clone), else `exportlens` on PATH.
--- Returns the path, or nil and the reason.
function M.find_binary(opts)
  opts = opts or M.options or defaults
  if opts.server_path and opts.server_path ~= "" then
    local p = vim.fn.expand(opts.server_path)
    if executable(p) then
      return p
    end
    return nil, ("server_path %q is not an executable file"):format(p)
  end
  local root = plugin_root()
  local bundled = {
    root .. "/bin/exportlens",
    vim.fn.fnamemodify(root .. "/../../target/release/exportlens", ":p"),
  }
  for _, p in ipairs(bundled) do
    if executable(p) then
      return p
    end
  end
  local on_path = vim.fn.exepath("exportlens")
  if on_path ~= "" then
    return on_path
  end
  return nil,
    "the exportlens binary was not found. Build it with `cargo build --release -p cli` "
      .. "(in the exportlens repository) and put target/release/exportlens on your PATH, "
      .. "or pass `server_path` (or `cmd`) to require('exportlens').setup()"
end

--- The command that starts the server, or nil and the reason.
function M.server_cmd(opts)
  opts = opts or M.options or defaults
  if opts.cmd then
    if type(opts.cmd) == "string" then
      return { opts.cmd }
    end
    return opts.cmd
  end
  local bin, why = M.find_binary(opts)
  if not bin then
    return nil, why
  end
  return { bin, "lsp" }
end

-- The `exportlens` section, with `modes` accepted for `mode` (the VS Code
-- setting's name).
local function settings_section(settings)
  settings = settings or {}
  local section = settings.exportlens or settings
  section = vim.deepcopy(section)
  if section.modes ~= nil and section.mode == nil then
    section.mode = section.modes
  end
  section.modes = nil
  if next(section) == nil then
    -- An empty Lua table would be sent as a JSON array.
    section = vim.empty_dict()
  end
  return section
end

local function find_root(bufnr, markers)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == "" then
    return vim.fn.getcwd()
  end
  local dir = vim.fn.fnamemodify(name, ":p:h")
  for _, marker in ipairs(markers) do
    local found = vim.fn.findfile(marker, dir .. ";")
    if found == "" then
      found = vim.fn.finddir(marker, dir .. ";")
    end
    if found ~= "" then
      return vim.fn.fnamemodify(found, ":p:h"):gsub("/%.git/?$", ""):gsub("/$", "")
    end
  end
  return dir
end

-- Inlay hints ---------------------------------------------------------------

local native_hints = vim.lsp.inlay_hint ~= nil and type(vim.lsp.inlay_hint) == "table"

local function hint_label(hint)
  if type(hint.label) == "string" then
    return hint.label
  end
  local parts = {}
  for _, p in ipairs(hint.label or {}) do
    table.insert(parts, p.value)
  end
  return table.concat(parts)
end

--- End-of-line virtual text for the hints (Neovim before 0.10).
function M.refresh_virtual_hints(bufnr)
  if not vim.api.nvim_buf_is_loaded(bufnr) then
    return
  end
  local client = get_clients({ bufnr = bufnr })[1]
  if not client then
    return
  end
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = {
      start = { line = 0, character = 0 },
      ["end"] = { line = vim.api.nvim_buf_line_count(bufnr), character = 0 },
    },
  }
  client_request(client, "textDocument/inlayHint", params, function(err, result)
    if err or not vim.api.nvim_buf_is_loaded(bufnr) then
      return
    end
    vim.api.nvim_buf_clear_namespace(bufnr, M.hint_ns, 0, -1)
    local by_line = {}
    local lines = {}
    for _, h in ipairs(result or {}) do
      local l = h.position.line
      if not by_line[l] then
        by_line[l] = {}
        table.insert(lines, l)
      end
      table.insert(by_line[l], vim.trim(hint_label(h)))
    end
    local count = vim.api.nvim_buf_line_count(bufnr)
    for _, l in ipairs(lines) do
      if l < count then
        pcall(vim.api.nvim_buf_set_extmark, bufnr, M.hint_ns, l, 0, {
          virt_text = { { table.concat(by_line[l], "  "), "Comment" } },
          virt_text_pos = "eol",
          hl_mode = "combine",
        })
      end
    end
  end, bufnr)
end

local function enable_hints(bufnr)
  if native_hints then
    -- 0.10+: enable(true, {bufnr}); some 0.10 nightlies: enable(bufnr, true).
    if not pcall(vim.lsp.inlay_hint.enable, true, { bufnr = bufnr }) then
      pcall(vim.lsp.inlay_hint.enable, bufnr, true)
    end
  else
    M.refresh_virtual_hints(bufnr)
  end
end

-- Analysis finished for a buffer (a publishDiagnostics arrived, or the
-- server asked for a refresh): refresh what depends on it.
local function on_analysis(bufnr)
  local opts = M.options or defaults
  if opts.inlay_hints and not native_hints then
    M.refresh_virtual_hints(bufnr)
  end
  if opts.codelens and bufnr == vim.api.nvim_get_current_buf() then
    pcall(vim.lsp.codelens.refresh, { bufnr = bufnr })
  end
  M.refresh_program_for(bufnr)
end

-- The exported program ------------------------------------------------------

-- program buffer -> source buffer, and source buffer -> program buffer.
local program_source = {}
local program_of = {}
local refresh_timers = {}

local function program_buffer(src)
  local buf = program_of[src]
  if buf and vim.api.nvim_buf_is_valid(buf) then
    return buf
  end
  buf = vim.api.nvim_create_buf(false, true)
  local path = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(src), ":.")
  local name = "exportlens://program" .. (path:sub(1, 1) == "/" and "" or "/") .. path
  pcall(vim.api.nvim_buf_set_name, buf, name)
  vim.bo[buf].buftype = "nofile"
  vim.bo[buf].bufhidden = "hide"
  vim.bo[buf].swapfile = false
  vim.bo[buf].filetype = "python"
  vim.bo[buf].modifiable = false
  program_of[src] = buf
  program_source[buf] = src
  return buf
end

local function set_program_text(buf, text)
  local lines = vim.split(text, "\n", { plain = true })
  if lines[#lines] == "" then
    table.remove(lines)
  end
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  vim.bo[buf].modified = false
end

local function request_program(src, opts, on_text)
  local client = get_clients({ bufnr = src })[1]
  if not client then
    if opts.quiet then
      return
    end
    notify("the server is not attached to this buffer (is it a Python file? see :ExportlensRestart)", vim.log.levels.ERROR)
    return
  end
  local params = { textDocument = { uri = vim.uri_from_bufnr(src) } }
  if opts.mode and opts.mode ~= "" then
    params.mode = opts.mode
  end
  if opts.line then
    params.line = opts.line
  end
  client_request(client, "exportlens/exportedProgram", params, function(err, result)
    if err then
      notify("exportedProgram failed: " .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
      return
    end
    on_text(result and result.text or "")
  end, src)
end

--- Show the exported program of a buffer in a scratch buffer (filetype
--- python). opts: bufnr, mode ("strict", "nonstrict", "both", "auto"), line.
function M.show_program(opts)
  opts = opts or {}
  local src = opts.bufnr or vim.api.nvim_get_current_buf()
  if program_source[src] then
    src = program_source[src]
  end
  request_program(src, opts, function(text)
    local buf = program_buffer(src)
    vim.b[buf].exportlens_program_opts = { mode = opts.mode, line = opts.line }
    set_program_text(buf, text)
    local win = vim.fn.bufwinid(buf)
    if win == -1 then
      vim.cmd("vsplit")
      vim.api.nvim_win_set_buf(0, buf)
    end
  end)
end

--- Refresh an open program buffer after its source changed.
function M.refresh_program_for(src)
  local buf = program_of[src]
  if not buf or not vim.api.nvim_buf_is_valid(buf) or vim.fn.bufwinid(buf) == -1 then
    return
  end
  local opts = vim.b[buf].exportlens_program_opts or {}
  request_program(src, { mode = opts.mode, line = opts.line, quiet = true }, function(text)
    if vim.api.nvim_buf_is_valid(buf) then
      set_program_text(buf, text)
    end
  end)
end

local function schedule_program_refresh(src)
  if not program_of[src] then
    return
  end
  local t = refresh_timers[src]
  if t then
    t:stop()
  else
    t = uv.new_timer()
    refresh_timers[src] = t
  end
  t:start(300, 0, vim.schedule_wrap(function()
    M.refresh_program_for(src)
  end))
end

--- Quick Run: runs the model's exported program through the server's
--- interpreter and shows output shapes, values and time.
function M.quick_run(opts)
  opts = opts or {}
  local src = opts.bufnr or vim.api.nvim_get_current_buf()
  local client = get_clients({ bufnr = src })[1]
  if not client then
    notify("the server is not attached to this buffer", vim.log.levels.ERROR)
    return
  end
  local caps = client.server_capabilities or {}
  local cmds = caps.executeCommandProvider and caps.executeCommandProvider.commands or {}
  if not vim.tbl_contains(cmds, M.quick_run_command) then
    notify("this exportlens server has no Quick Run; update the binary", vim.log.levels.ERROR)
    return false
  end
  client_request(client, "workspace/executeCommand", {
    command = M.quick_run_command,
    arguments = { vim.uri_from_bufnr(src), opts.line },
  }, function(err, result)
    if err then
      notify("Quick Run failed: " .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
    elseif result ~= nil and result ~= vim.NIL then
      notify(type(result) == "string" and result or vim.inspect(result))
    end
  end, src)
  return true
end

-- Starting the server -------------------------------------------------------

local attached = {}

-- Clients that pull diagnostics (Neovim 0.10+) pull only for visible
-- buffers when a document is opened or changed: pull when a buffer is
-- entered too, so a buffer attached while hidden (after :ExportlensRestart,
-- say) shows its diagnostics.
local function pull_diagnostics(bufnr)
  if not vim.lsp.handlers["textDocument/diagnostic"] then
    return
  end
  for _, c in ipairs(get_clients({ bufnr = bufnr })) do
    local caps = c.server_capabilities or {}
    if caps.diagnosticProvider then
      client_request(c, "textDocument/diagnostic", {
        textDocument = { uri = vim.uri_from_bufnr(bufnr) },
      }, nil, bufnr)
    end
  end
end

local function on_attach(client, bufnr)
  attached[bufnr] = true
  local opts = M.options or defaults
  if opts.inlay_hints then
    enable_hints(bufnr)
  end
  local group = vim.api.nvim_create_augroup("exportlens_buf_" .. bufnr, { clear = true })
  vim.api.nvim_create_autocmd({ "TextChanged", "TextChangedI" }, {
    group = group,
    buffer = bufnr,
    callback = function()
      schedule_program_refresh(bufnr)
    end,
  })
  vim.api.nvim_create_autocmd("BufEnter", {
    group = group,
    buffer = bufnr,
    callback = function()
      pull_diagnostics(bufnr)
    end,
  })
  if opts.codelens then
    vim.api.nvim_create_autocmd({ "BufEnter", "InsertLeave" }, {
      group = group,
      buffer = bufnr,
      callback = function()
        pcall(vim.lsp.codelens.refresh, { bufnr = bufnr })
      end,
    })
  end
  if opts.on_attach then
    opts.on_attach(client, bufnr)
  end
end

local function handlers()
  local publish = vim.lsp.handlers["textDocument/publishDiagnostics"]
  return {
    ["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
      local r = publish(err, result, ctx, config)
      if result and result.uri then
        local bufnr = vim.uri_to_bufnr(result.uri)
        vim.schedule(function()
          if vim.api.nvim_buf_is_loaded(bufnr) then
            on_analysis(bufnr)
          end
        end)
      end
      return r
    end,
    ["workspace/inlayHint/refresh"] = function(_, _, ctx)
      vim.schedule(function()
        for bufnr in pairs(attached) do
          if vim.api.nvim_buf_is_loaded(bufnr) and vim.lsp.buf_is_attached(bufnr, ctx.client_id) then
            if native_hints then
              enable_hints(bufnr)
            else
              M.refresh_virtual_hints(bufnr)
            end
          end
        end
      end)
      return vim.NIL
    end,
    ["workspace/codeLens/refresh"] = function()
      return vim.NIL
    end,
  }
end

local function client_config(cmd, root_dir)
  local opts = M.options
  local section = settings_section(opts.settings)
  local cfg = {
    name = M.name,
    cmd = cmd,
    root_dir = root_dir,
    filetypes = opts.filetypes,
    settings = { exportlens = section },
    init_options = section,
    handlers = handlers(),
    on_attach = on_attach,
    capabilities = opts.capabilities,
    on_exit = function(code, signal)
      if code ~= 0 and not M._stopping then
        vim.schedule(function()
          notify(("the server exited (code %s, signal %s); :ExportlensRestart starts it again"):format(code, signal), vim.log.levels.WARN)
        end)
      end
    end,
  }
  if root_dir then
    cfg.workspace_folders = {
      { uri = vim.uri_from_fname(root_dir), name = root_dir },
    }
  end
  return cfg
end

local clients_by_root = {} -- Neovim 0.7: root -> client id

local function is_python_buffer(bufnr, opts)
  return vim.api.nvim_buf_is_valid(bufnr)
    and vim.tbl_contains(opts.filetypes, vim.bo[bufnr].filetype)
    and vim.bo[bufnr].buftype == ""
    and not program_source[bufnr]
end

--- Start (or reuse) the server for one buffer. Returns the client id, or
--- nil when it could not be started.
function M.attach(bufnr)
  local opts = M.options or defaults
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if not is_python_buffer(bufnr, opts) then
    return nil
  end
  local cmd, why = M.server_cmd(opts)
  if not cmd then
    if not M._warned then
      M._warned = true
      notify(why, vim.log.levels.ERROR)
    end
    return nil
  end
  local root = find_root(bufnr, opts.root_markers)
  local cfg = client_config(cmd, root)
  if vim.lsp.start then
    return vim.lsp.start(cfg, { bufnr = bufnr })
  end
  -- Neovim 0.7.
  local id = clients_by_root[root]
  local client = id and vim.lsp.get_client_by_id(id)
  if not client or client.is_stopped() then
    id = vim.lsp.start_client(cfg)
    if not id then
      notify("could not start " .. table.concat(cmd, " "), vim.log.levels.ERROR)
      return nil
    end
    clients_by_root[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

local function use_lsp_config(opts)
  return opts.use_lsp_config and type(vim.lsp.config) == "table" and type(vim.lsp.enable) == "function"
end

-- Neovim 0.11+: register the configuration and let vim.lsp.enable attach it.
local function enable_with_lsp_config(opts)
  local cmd, why = M.server_cmd(opts)
  if not cmd then
    notify(why, vim.log.levels.ERROR)
    return false
  end
  local cfg = client_config(cmd, nil)
  cfg.workspace_folders = nil
  cfg.root_dir = function(bufnr, on_dir)
    on_dir(find_root(bufnr, opts.root_markers))
  end
  vim.lsp.config(M.name, cfg)
  vim.lsp.enable(M.name)
  return true
end

local function start_all(opts)
  if use_lsp_config(opts) then
    if not enable_with_lsp_config(opts) then
      return
    end
    -- vim.lsp.enable attaches the buffers already open only after VimEnter.
    if vim.v.vim_did_enter ~= 1 then
      for _, buf in ipairs(vim.api.nvim_list_bufs()) do
        if vim.api.nvim_buf_is_loaded(buf) and is_python_buffer(buf, opts) then
          pcall(vim.api.nvim_exec_autocmds, "FileType", { group = "nvim.lsp.enable", buffer = buf })
        end
      end
    end
    return
  end
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) then
      M.attach(buf)
    end
  end
end

--- Stop every exportlens client and start again for the Python buffers.
function M.restart()
  local opts = M.options or defaults
  local clients = get_clients()
  M._stopping = true
  for _, c in ipairs(clients) do
    if method_style then
      c:stop()
    else
      vim.lsp.stop_client(c.id)
    end
  end
  clients_by_root = {}
  M._warned = false
  local function stopped()
    for _, c in ipairs(clients) do
      local still = vim.lsp.get_client_by_id(c.id)
      if still and not (method_style and still:is_stopped() or not method_style and still.is_stopped()) then
        return false
      end
    end
    return true
  end
  local timer = uv.new_timer()
  local waited = 0
  timer:start(50, 50, vim.schedule_wrap(function()
    waited = waited + 50
    if stopped() or waited >= 5000 then
      timer:stop()
      timer:close()
      if waited >= 5000 then
        for _, c in ipairs(clients) do
          if method_style then
            c:stop(true)
          else
            vim.lsp.stop_client(c.id, true)
          end
        end
      end
      M._stopping = false
      start_all(opts)
      notify("server restarted")
    end
  end))
end

local function define_commands()
  vim.api.nvim_create_user_command("ExportlensShowProgram", function(a)
    M.show_program({ mode = a.args ~= "" and a.args or nil })
  end, {
    nargs = "?",
    complete = function()
      return { "auto", "strict", "nonstrict", "both" }
    end,
    desc = "exportlens: show the exported program of this file",
  })
  vim.api.nvim_create_user_command("ExportlensQuickRun", function()
    M.quick_run()
  end, { desc = "exportlens: quick run" })
  vim.api.nvim_create_user_command("ExportlensRestart", function()
    M.restart()
  end, { desc = "exportlens: restart the server" })
end

--- Set up the plugin: commands, the code lens command, and the autocmd that
--- starts the server for Python buffers (and for those already open).
function M.setup(user)
  M.options = vim.tbl_deep_extend("force", vim.deepcopy(defaults), user or {})
  if user and user.settings then
    M.options.settings = user.settings
  end
  if user and user.cmd then
    M.options.cmd = user.cmd
  end
  define_commands()
  -- The code lenses' commands (arguments: the document URI and the entry's
  -- line) run on the client side.
  local function lens_command(run)
    return function(command, ctx)
      local args = command.arguments or {}
      local src = ctx and ctx.bufnr or vim.api.nvim_get_current_buf()
      if type(args[1]) == "string" then
        src = vim.uri_to_bufnr(args[1])
      end
      run({ bufnr = src, line = args[2] })
    end
  end
  vim.lsp.commands[M.quick_run_command] = lens_command(M.quick_run)
  vim.lsp.commands[M.program_command] = lens_command(M.show_program)
  if not M.options.autostart then
    return M
  end
  if use_lsp_config(M.options) then
    start_all(M.options)
    return M
  end
  local group = vim.api.nvim_create_augroup("exportlens", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = M.options.filetypes,
    callback = function(args)
      M.attach(args.buf)
    end,
  })
  start_all(M.options)
  return M
end

--- Start the server for the current buffer (when autostart is false).
function M.start()
  return M.attach(vim.api.nvim_get_current_buf())
end

return M
