//! The board as a PNG: the position shown (its discs numbered by the moves that placed them, if asked) or
//! the whole game's final board with every move numbered, in a light, dark or print style, drawn as the
//! board is viewed (turned or mirrored); downloaded, or copied to the clipboard. What the image holds is
//! [`crate::session::board::picture`]'s (tested natively); this file only paints it.

use std::rc::Rc;

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};
use yew::prelude::*;

use crate::session::board::picture::{picture, Picture};
use crate::view::i18n::extras::Strings;
use crate::view::i18n::{self, Lang};
use reversi_engine::{Color, Symmetry};

/// The image's styles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// A green board on a pale page.
    Light,
    /// A dark green board on a dark page.
    Dark,
    /// Black lines on white, for a printer.
    Print,
}

struct Palette {
    page: &'static str,
    board: &'static str,
    grid: &'static str,
    black: &'static str,
    white: &'static str,
    outline: &'static str,
    label: &'static str,
}

impl Style {
    fn palette(self) -> Palette {
        match self {
            Style::Light => Palette {
                page: "#f4f1ea",
                board: "#2f8a57",
                grid: "#1b5636",
                black: "#111111",
                white: "#f7f7f7",
                outline: "#333333",
                label: "#2b2b2b",
            },
            Style::Dark => Palette {
                page: "#15191d",
                board: "#21543a",
                grid: "#0c2d1b",
                black: "#0a0a0a",
                white: "#e6e6e6",
                outline: "#9a9a9a",
                label: "#d0d0d0",
            },
            Style::Print => Palette {
                page: "#ffffff",
                board: "#ffffff",
                grid: "#000000",
                black: "#000000",
                white: "#ffffff",
                outline: "#000000",
                label: "#000000",
            },
        }
    }

    fn code(self) -> &'static str {
        match self {
            Style::Light => "light",
            Style::Dark => "dark",
            Style::Print => "print",
        }
    }
}

/// Pixels of a square, of the labels' margin and of the caption under the board.
const CELL: f64 = 64.0;
const MARGIN: f64 = 28.0;
const CAPTION: f64 = 40.0;

/// Paints `picture` on a new canvas; `caption` goes under the board.
fn paint(picture: &Picture, style: Style, caption: &str) -> Result<HtmlCanvasElement, JsValue> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let canvas: HtmlCanvasElement = document.create_element("canvas")?.dyn_into()?;
    let side = MARGIN + 8.0 * CELL + MARGIN / 2.0;
    canvas.set_width(side as u32);
    canvas.set_height((side + CAPTION) as u32);
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or("no 2d context")?
        .dyn_into()?;
    let p = style.palette();
    ctx.set_fill_style_str(p.page);
    ctx.fill_rect(0.0, 0.0, side, side + CAPTION);
    ctx.set_fill_style_str(p.board);
    ctx.fill_rect(MARGIN, MARGIN, 8.0 * CELL, 8.0 * CELL);
    ctx.set_stroke_style_str(p.grid);
    ctx.set_line_width(if style == Style::Print { 1.5 } else { 1.0 });
    for i in 0..=8 {
        let at = MARGIN + i as f64 * CELL;
        ctx.begin_path();
        ctx.move_to(at, MARGIN);
        ctx.line_to(at, MARGIN + 8.0 * CELL);
        ctx.move_to(MARGIN, at);
        ctx.line_to(MARGIN + 8.0 * CELL, at);
        ctx.stroke();
    }
    // The four dots of the board's inner corners (c3, f3, c6, f6 on a normal view; the same points turned).
    ctx.set_fill_style_str(p.grid);
    for (x, y) in [(2.0, 2.0), (6.0, 2.0), (2.0, 6.0), (6.0, 6.0)] {
        ctx.begin_path();
        ctx.arc(
            MARGIN + x * CELL,
            MARGIN + y * CELL,
            3.5,
            0.0,
            std::f64::consts::TAU,
        )?;
        ctx.fill();
    }
    ctx.set_fill_style_str(p.label);
    ctx.set_font("600 16px system-ui, sans-serif");
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    for i in 0..8 {
        let centre = MARGIN + (i as f64 + 0.5) * CELL;
        ctx.fill_text(&picture.edges.0[i].to_string(), centre, MARGIN / 2.0)?;
        ctx.fill_text(&picture.edges.1[i].to_string(), MARGIN / 2.0, centre)?;
    }
    for (i, cell) in picture.cells.iter().enumerate() {
        let Some(disc) = cell.disc else { continue };
        let x = MARGIN + ((i % 8) as f64 + 0.5) * CELL;
        let y = MARGIN + ((i / 8) as f64 + 0.5) * CELL;
        ctx.begin_path();
        ctx.arc(x, y, CELL * 0.41, 0.0, std::f64::consts::TAU)?;
        ctx.set_fill_style_str(if disc == Color::Black {
            p.black
        } else {
            p.white
        });
        ctx.fill();
        ctx.set_stroke_style_str(p.outline);
        ctx.set_line_width(if style == Style::Print { 2.0 } else { 1.2 });
        ctx.stroke();
        if let Some(n) = cell.number {
            ctx.set_fill_style_str(if disc == Color::Black {
                p.white
            } else {
                p.black
            });
            ctx.set_font("700 22px system-ui, sans-serif");
            ctx.fill_text(&n.to_string(), x, y + 1.0)?;
        }
    }
    ctx.set_fill_style_str(p.label);
    ctx.set_font("500 17px system-ui, sans-serif");
    ctx.fill_text(caption, side / 2.0, side + CAPTION / 2.0 - 4.0)?;
    Ok(canvas)
}

/// Properties of [`ImagePanel`].
#[derive(Properties, PartialEq)]
pub struct ImagePanelProps {
    /// The game.
    pub game: Rc<reversi_engine::Game>,
    /// The ply browsed, if any (the image shows the position before it).
    pub browsing: Option<usize>,
    /// The board being set up in the editor, while it is open: the image draws it, as the page shows it in
    /// the game's place.
    #[prop_or_default]
    pub set_up: Option<reversi_engine::Position>,
    /// How the view turns or mirrors the board.
    pub orientation: Symmetry,
    /// Language of the labels.
    pub lang: Lang,
}

/// The image's options and its two buttons.
#[function_component(ImagePanel)]
pub fn image_panel(props: &ImagePanelProps) -> Html {
    let t = Strings::of(props.lang);
    let style = use_state(|| Style::Light);
    let numbers = use_state(|| false);
    let whole = use_state(|| false);
    // Whether the last copy worked.
    let status = use_state(|| None::<bool>);
    let set_up = props.set_up.map(reversi_engine::Game::from_position);
    let (game, browsing) = match &set_up {
        Some(board) => (board, None),
        None => (&*props.game, props.browsing),
    };
    let picture = picture(game, browsing, props.orientation, *numbers, *whole);
    let caption = {
        let (black, white) = picture.counts;
        let mut caption = format!(
            "{} {black} – {} {white}",
            i18n::color_name(props.lang, Color::Black),
            i18n::color_name(props.lang, Color::White)
        );
        if let Some(side) = picture.to_move {
            caption.push_str(&format!(" · {}", i18n::to_move(props.lang, side)));
        }
        caption
    };
    let name = if set_up.is_some() {
        "reversi-set-up.png".to_string()
    } else if *whole {
        "reversi-game.png".to_string()
    } else {
        let ply = props.browsing.unwrap_or(props.game.plies().len());
        format!("reversi-move-{ply}.png")
    };
    let on_download = {
        let (picture, caption, style) = (picture.clone(), caption.clone(), *style);
        Callback::from(move |_: MouseEvent| {
            let saved = (|| -> Result<(), JsValue> {
                let canvas = paint(&picture, style, &caption)?;
                let url = canvas.to_data_url_with_type("image/png")?;
                let document = web_sys::window()
                    .and_then(|w| w.document())
                    .ok_or("no document")?;
                let link: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
                link.set_href(&url);
                link.set_download(&name);
                link.click();
                Ok(())
            })();
            if let Err(error) = saved {
                web_sys::console::error_1(&error);
            }
        })
    };
    let on_copy = {
        let (picture, caption, style, status) =
            (picture.clone(), caption.clone(), *style, status.clone());
        Callback::from(move |_: MouseEvent| {
            let status = status.clone();
            match copy_image(&picture, style, &caption) {
                Ok(done) => wasm_bindgen_futures::spawn_local(async move {
                    status.set(Some(
                        wasm_bindgen_futures::JsFuture::from(done).await.is_ok(),
                    ));
                }),
                Err(_) => status.set(Some(false)),
            }
        })
    };
    let on_style = {
        let style = style.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            style.set(match value.as_str() {
                "dark" => Style::Dark,
                "print" => Style::Print,
                _ => Style::Light,
            });
        })
    };
    let toggle = |state: &UseStateHandle<bool>| {
        let state = state.clone();
        Callback::from(move |_: Event| state.set(!*state))
    };
    html! {
        <details class="image-panel" data-testid="image-panel">
            <summary>{ t.image }</summary>
            <p class="image-options">
                <select data-testid="image-style" aria-label={t.image} onchange={on_style}>
                    { for [(Style::Light, t.image_light), (Style::Dark, t.image_dark), (Style::Print, t.image_print)].iter().map(|&(s, label)| html! {
                        <option value={s.code()} selected={s == *style}>{ label }</option>
                    }) }
                </select>
                <label class="toggle">
                    <input type="checkbox" data-testid="image-numbers" checked={*numbers} onchange={toggle(&numbers)} />
                    { t.image_numbers }
                </label>
                <label class="toggle">
                    <input type="checkbox" data-testid="image-whole" checked={*whole} onchange={toggle(&whole)} />
                    { t.image_final }
                </label>
            </p>
            <p class="controls">
                <button type="button" data-testid="download-png" onclick={on_download}>{ t.download_png }</button>
                <button type="button" data-testid="copy-png" onclick={on_copy}>{ t.copy_png }</button>
                if let Some(ok) = *status {
                    <span class={classes!("hint-text", ok.then_some("success"))} role="status" data-testid="image-status"
                        data-copied={ok.to_string()}>{ if ok { t.image_copied } else { t.image_copy_failed } }</span>
                }
            </p>
        </details>
    }
}

/// Puts the image on the clipboard (`ClipboardItem`, given the image as a promise so that the click's user
/// activation still holds when it resolves); the promise of the clipboard's write.
fn copy_image(picture: &Picture, style: Style, caption: &str) -> Result<js_sys::Promise, JsValue> {
    let canvas = paint(picture, style, caption)?;
    let blob = js_sys::Promise::new(&mut |resolve, _reject| {
        let _ = canvas.to_blob(&resolve);
    });
    let window = web_sys::window().ok_or("no window")?;
    let item_class: js_sys::Function =
        js_sys::Reflect::get(&window, &"ClipboardItem".into())?.dyn_into()?;
    let parts = js_sys::Object::new();
    js_sys::Reflect::set(&parts, &"image/png".into(), &blob)?;
    let item = js_sys::Reflect::construct(&item_class, &js_sys::Array::of1(&parts))?;
    let clipboard = js_sys::Reflect::get(&window.navigator(), &"clipboard".into())?;
    let write: js_sys::Function = js_sys::Reflect::get(&clipboard, &"write".into())?.dyn_into()?;
    write
        .call1(&clipboard, &js_sys::Array::of1(&item))?
        .dyn_into()
}
