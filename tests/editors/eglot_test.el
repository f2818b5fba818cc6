;;; eglot_test.el --- Emacs eglot smoke test of `exportlens lsp'  -*- lexical-binding: t; -*-
;;
;; Run by tests/editors/test_emacs.py as `emacs --batch -Q -l tests/editors/eglot_test.el'.
;; Environment: EXPORTLENS_ROOT (the repository), EXPORTLENS_CMD (the
;; server command as a JSON array), EXPORTLENS_WORK (a scratch folder),
;; EXPORTLENS_TIMEOUT_MS (per wait).  Opens a copy of the corpus model
;; break_data_dependent_if.py and waits until flymake shows exportlens's
;; error on line 6; then opens conv_relu_maxpool.py and shows its exported
;; program with `exportlens-show-program' (the function editors/README.md
;; gives).  Exits 0 on success, 1 on failure.

(require 'package)
(package-initialize)
(require 'json)
(require 'eglot)
(require 'flymake)
(require 'python)
(require 'project)

;; As in editors/README.md.
(defun exportlens-show-program ()
  "Show the program torch.export would produce for this buffer."
  (interactive)
  (let* ((server (eglot--current-server-or-lose))
         (result (jsonrpc-request server :exportlens/exportedProgram
                                  `(:textDocument ,(eglot--TextDocumentIdentifier)))))
    (with-current-buffer (get-buffer-create "*exportlens program*")
      (let ((inhibit-read-only t))
        (erase-buffer)
        (insert (plist-get result :text)))
      (python-mode)
      (read-only-mode 1)
      (display-buffer (current-buffer)))))

(defun exportlens-test--out (fmt &rest args)
  (princ (concat (apply #'format fmt args) "\n")))

(defun exportlens-test--fail (fmt &rest args)
  (exportlens-test--out "FAIL: %s" (apply #'format fmt args))
  (kill-emacs 1))

(defun exportlens-test--wait (what timeout pred)
  "Run the event loop until PRED returns non-nil; fail after TIMEOUT seconds."
  (let ((deadline (+ (float-time) timeout))
        (value nil))
    (while (and (not (setq value (funcall pred)))
                (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (or value (exportlens-test--fail "timed out after %.0f s waiting for %s" timeout what))))

(condition-case err
    (let* ((root (or (getenv "EXPORTLENS_ROOT") default-directory))
           (work (file-name-as-directory
                  (or (getenv "EXPORTLENS_WORK") (make-temp-file "exportlens-eglot" t))))
           (cmd (append (json-read-from-string (or (getenv "EXPORTLENS_CMD") "null")) nil))
           (timeout (/ (string-to-number (or (getenv "EXPORTLENS_TIMEOUT_MS") "30000")) 1000.0))
           (src (expand-file-name "../shared/corpus/tutorial/break_data_dependent_if.py" root))
           (file (expand-file-name "break_data_dependent_if.py" work))
           (conv (expand-file-name "conv_relu_maxpool.py" work)))
      (unless (and cmd (listp cmd)) (exportlens-test--fail "EXPORTLENS_CMD must be a JSON array"))
      (exportlens-test--out "emacs %s, eglot %s" emacs-version
                            (or (ignore-errors (package-desc-version (cadr (assq 'eglot package-alist)))) "?"))
      (make-directory work t)
      (copy-file src file t)
      (copy-file (expand-file-name "../shared/corpus/tutorial/conv_relu_maxpool.py" root) conv t)
      ;; The server program, its settings, and a project for the folder.
      (add-to-list 'eglot-server-programs
                   `(python-mode . (,@cmd :initializationOptions (:mode "both"))))
      (setq-default eglot-workspace-configuration '((:exportlens . (:mode "both"))))
      (add-hook 'project-find-functions (lambda (_dir) (cons 'transient work)))
      (setq eglot-sync-connect t
            eglot-connect-timeout timeout)
      (find-file file)
      (python-mode)
      (apply #'eglot (eglot--guess-contact))
      (exportlens-test--wait "eglot to connect" timeout #'eglot-current-server)
      (exportlens-test--out "ok: eglot connected to %s" (mapconcat #'identity cmd " "))
      (let ((diag
             (exportlens-test--wait
              "an error diagnostic on line 6 in flymake" timeout
              (lambda ()
                (seq-find (lambda (d)
                            (and (eq (flymake-diagnostic-type d) 'eglot-error)
                                 (= (line-number-at-pos (flymake-diagnostic-beg d)) 6)))
                          (flymake-diagnostics))))))
        (exportlens-test--out "ok: flymake error on line 6: %s"
                              (car (split-string (flymake-diagnostic-text diag) "\n"))))
      ;; A second file of the project is managed by the same server.
      (find-file conv)
      (python-mode)
      (exportlens-test--wait "eglot to manage conv_relu_maxpool.py" timeout #'eglot-current-server)
      (exportlens-show-program)
      (let ((text (with-current-buffer "*exportlens program*" (buffer-string))))
        (unless (string-match-p "class GraphModule" text)
          (exportlens-test--fail "the program buffer lacks class GraphModule:\n%s" text))
        (exportlens-test--out "ok: exportlens-show-program: %d lines with class GraphModule"
                              (length (split-string text "\n"))))
      (let ((server (eglot-current-server)))
        (ignore-errors (eglot-shutdown server)))
      (exportlens-test--out "PASS")
      (kill-emacs 0))
  (error (exportlens-test--fail "%S" err)))

;;; eglot_test.el ends here
