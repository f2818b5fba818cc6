//! Offsets to positions and back, in UTF-8 and UTF-16 columns.

use syntax::{LineCol, LineIndex};

fn line_col(line: u32, col_utf8: u32, col_utf16: u32) -> LineCol {
    LineCol {
        line,
        col_utf8,
        col_utf16,
    }
}

#[test]
fn ascii_lines() {
    let text = "ab\ncd\n";
    let index = LineIndex::new(text);
    assert_eq!(index.line_count(), 3);
    assert_eq!(index.line_col(0), line_col(0, 0, 0));
    assert_eq!(index.line_col(2), line_col(0, 2, 2));
    assert_eq!(index.line_col(3), line_col(1, 0, 0));
    assert_eq!(index.line_col(6), line_col(2, 0, 0));
    assert_eq!(index.line_start(1), Some(3));
    assert_eq!(index.line_start(3), None);
    assert_eq!(index.line_text(text, 1), "cd");
    assert_eq!(index.line_text(text, 2), "");
    assert_eq!(index.offset(1, 1), Some(4));
    assert_eq!(index.offset(3, 0), None);
}

#[test]
fn utf16_columns_count_surrogate_pairs() {
    // 'é' is 2 bytes / 1 unit, '日' 3 bytes / 1 unit, '😀' 4 bytes / 2 units.
    let text = "é日😀x\n";
    let index = LineIndex::new(text);
    assert_eq!(index.line_col(2), line_col(0, 2, 1));
    assert_eq!(index.line_col(5), line_col(0, 5, 2));
    assert_eq!(index.line_col(9), line_col(0, 9, 4));
    assert_eq!(index.offset(0, 0), Some(0));
    assert_eq!(index.offset(0, 1), Some(2));
    assert_eq!(index.offset(0, 2), Some(5));
    assert_eq!(index.offset(0, 4), Some(9));
    assert_eq!(index.offset(0, 5), Some(10));
}

#[test]
fn positions_inside_a_character_clamp_to_its_start() {
    let text = "a😀b";
    let index = LineIndex::new(text);
    for inside in 2..5 {
        assert_eq!(index.line_col(inside), line_col(0, 1, 1), "offset {inside}");
    }
    // UTF-16 column 2 is between the surrogates of the emoji.
    assert_eq!(index.offset(0, 2), Some(1));
    assert_eq!(index.offset_utf8(0, 3), Some(1));
    assert_eq!(index.offset_utf8(0, 5), Some(5));
}

#[test]
fn columns_past_the_end_clamp_to_the_line_end() {
    let text = "日本\nx";
    let index = LineIndex::new(text);
    assert_eq!(index.offset(0, 99), Some(6));
    assert_eq!(index.offset_utf8(0, 99), Some(6));
    assert_eq!(index.offset(1, 99), Some(8));
    assert_eq!(index.line_col(99), line_col(1, 1, 1));
}

#[test]
fn crlf_is_not_part_of_the_line() {
    let text = "ab\r\nc😀\r\n";
    let index = LineIndex::new(text);
    assert_eq!(index.line_count(), 3);
    assert_eq!(index.line_text(text, 0), "ab");
    assert_eq!(index.line_text(text, 1), "c😀");
    assert_eq!(index.line_col(2), line_col(0, 2, 2));
    assert_eq!(index.line_col(3), line_col(0, 2, 2));
    assert_eq!(index.line_col(4), line_col(1, 0, 0));
    assert_eq!(index.line_col(9), line_col(1, 5, 3));
    assert_eq!(index.offset(0, 9), Some(2));
    assert_eq!(index.offset(1, 3), Some(9));
}

#[test]
fn empty_text_has_one_empty_line() {
    let index = LineIndex::new("");
    assert_eq!(index.line_count(), 1);
    assert_eq!(index.line_col(0), line_col(0, 0, 0));
    assert_eq!(index.line_col(10), line_col(0, 0, 0));
    assert_eq!(index.offset(0, 0), Some(0));
    assert_eq!(index.line_text("", 0), "");
}

#[test]
fn round_trips_every_char_boundary() {
    let text = "def f(x):\r\n    return '日本😀' + x  # é\n\tpass\n";
    let index = LineIndex::new(text);
    for (offset, _) in text.char_indices() {
        let offset = offset as u32;
        let position = index.line_col(offset);
        let line_end = index.line_start(position.line).unwrap()
            + index.line_text(text, position.line).len() as u32;
        if offset <= line_end {
            assert_eq!(
                index.offset(position.line, position.col_utf16),
                Some(offset)
            );
            assert_eq!(
                index.offset_utf8(position.line, position.col_utf8),
                Some(offset)
            );
        }
        let prefix =
            &text[index.line_start(position.line).unwrap() as usize..offset.min(line_end) as usize];
        assert_eq!(position.col_utf16 as usize, prefix.encode_utf16().count());
    }
}

#[test]
fn mismatched_text_gives_empty_line_text() {
    let index = LineIndex::new("a much longer line\n");
    assert_eq!(index.line_text("short", 0), "");
    assert_eq!(index.line_text("short", 7), "");
}

#[test]
fn a_lone_carriage_return_ends_a_line() {
    // Old Mac line endings, alone and mixed with the others: CPython and
    // LSP clients count each of `\r`, `\r\n` and `\n` as one line end.
    let text = "ab\rcd\r\nef\ngh\r";
    let index = LineIndex::new(text);
    assert_eq!(index.line_count(), 5);
    assert_eq!(index.line_col(3), line_col(1, 0, 0));
    assert_eq!(index.line_col(7), line_col(2, 0, 0));
    assert_eq!(index.line_col(10), line_col(3, 0, 0));
    assert_eq!(index.line_col(14), line_col(4, 0, 0));
    // On the line end itself: the end of the line.
    assert_eq!(index.line_col(2), line_col(0, 2, 2));
    assert_eq!(index.line_col(6), line_col(1, 2, 2));
    let lines: Vec<&str> = (0..5).map(|line| index.line_text(text, line)).collect();
    assert_eq!(lines, ["ab", "cd", "ef", "gh", ""]);
    assert_eq!(index.offset(1, 5), Some(5));
    assert_eq!(index.offset(3, 1), Some(11));
}
