//! The page's network as a hook: carries out the commands online play returns (HTTP to the page's own
//! origin, the live socket, the seat's token kept, the address) and sends every answer home as an action
//! ([`OnlineAction::Fetched`], [`OnlineAction::Socket`]). At the start it asks whether the page is served by
//! `reversi serve`, and opens the game the address names (`?online=ID`, `&invite=CODE`, `?watch=ID`).

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{CloseEvent, MessageEvent, WebSocket};
use yew::prelude::*;

use crate::session::effects::net::{LobbyNet, Method, NetCommand};
use crate::session::effects::outbox::Command;
use crate::session::kept::storage::ONLINE as SEATS_KEY;
use crate::session::online::{address, OnlineAction, Reply, SocketEvent};
use crate::session::Action;
use crate::view::browser::storage;
use crate::view::reducer::Page;

/// The live socket, with the handlers that must live as long as it does.
struct Socket {
    socket: WebSocket,
    _on_open: Closure<dyn Fn()>,
    _on_message: Closure<dyn Fn(MessageEvent)>,
    _on_close: Closure<dyn Fn(CloseEvent)>,
}

impl Drop for Socket {
    fn drop(&mut self) {
        self.socket.set_onopen(None);
        self.socket.set_onmessage(None);
        self.socket.set_onclose(None);
        let _ = self.socket.close();
    }
}

/// The network's state: the live socket wanted now (by number) and the one open; the lobby's likewise.
#[derive(Default)]
struct Net {
    gen: u32,
    socket: Option<Socket>,
    lobby_gen: u32,
    lobby: Option<Socket>,
}

/// How often an open socket is pinged: a connection that died without a word (a sleeping laptop, a network
/// changed) is then found closed, and opened again.
const PING_MS: u32 = 25_000;

type Shared = Rc<RefCell<Net>>;

/// An invitation opened from the address, waiting for the friend's name (see [`use_network`]).
pub type Invitation = UseStateHandle<Option<OnlineAction>>;

/// Carries out the network's commands after every render. A friend's invitation in the address is not
/// claimed at once: it is returned, for the page to ask the name to play under first (then
/// [`join_invitation`]).
#[hook]
pub fn use_network(session: &UseReducerHandle<Page>) -> Invitation {
    let net = use_mut_ref(Net::default);
    let dispatcher = session.dispatcher();
    let invitation: Invitation = use_state(|| None);
    {
        let dispatcher = dispatcher.clone();
        let invitation = invitation.clone();
        use_effect_with((), move |_| {
            dispatcher.dispatch(Action::Online(OnlineAction::Probe));
            match opened_from_address() {
                Some(
                    open @ OnlineAction::Open {
                        token: None,
                        invite: Some(_),
                        ..
                    },
                ) => invitation.set(Some(open)),
                Some(open) => dispatcher.dispatch(Action::Online(open)),
                None => {}
            }
        });
    }
    {
        let net = net.clone();
        use_effect_with((), move |_| {
            let ping = gloo_timers::callback::Interval::new(PING_MS, move || {
                if let Some(socket) = &net.borrow().socket {
                    if socket.socket.ready_state() == WebSocket::OPEN {
                        let _ = socket
                            .socket
                            .send_with_str(&crate::session::online::wire::ping_message());
                    }
                }
                // The lobby's socket answers nothing to a ping: an empty frame keeps it alive (a dead one is
                // then found closed, and opened again while a seek stands).
                if let Some(socket) = &net.borrow().lobby {
                    if socket.socket.ready_state() == WebSocket::OPEN {
                        let _ = socket.socket.send_with_u8_array(&[]);
                    }
                }
            });
            move || drop(ping)
        });
    }
    let session = session.clone();
    use_effect(move || {
        for command in session.net_commands().take_until(|_| false) {
            if let Command::Net(command) = command {
                carry_out(&net, command, &dispatcher);
            }
        }
    });
    invitation
}

/// The invitation claimed under `name` (kept on this device for the next game).
pub fn join_invitation(
    invitation: &Invitation,
    name: &str,
    dispatcher: &UseReducerDispatcher<Page>,
) {
    if let Some(OnlineAction::Open {
        id, token, invite, ..
    }) = (**invitation).clone()
    {
        let name = name.trim().to_string();
        remember_name(&name);
        dispatcher.dispatch(Action::Online(OnlineAction::Open {
            id,
            token,
            invite,
            name,
            watch: false,
        }));
    }
    invitation.set(None);
}

/// The game the page's address names, to open: with the seat's token kept here, or the invitation.
fn opened_from_address() -> Option<OnlineAction> {
    let search = web_sys::window()?.location().search().ok()?;
    let linked = address::parse(&search)?;
    let stored = storage().and_then(|s| s.get_item(SEATS_KEY).ok().flatten());
    let token = (!linked.watch)
        .then(|| address::token(stored.as_deref(), &linked.id))
        .flatten();
    // The creator's own invitation is kept with the seat, to show its link again.
    let invite = match &token {
        Some(_) => address::invite(stored.as_deref(), &linked.id).or(linked.invite),
        None => linked.invite,
    };
    Some(OnlineAction::Open {
        id: linked.id,
        token,
        invite,
        name: address::name(stored.as_deref()),
        watch: linked.watch,
    })
}

/// Keeps the name played under (the online form's), for the next game.
pub fn remember_name(name: &str) {
    if let Some(storage) = storage() {
        let stored = storage.get_item(SEATS_KEY).ok().flatten();
        let _ = storage.set_item(SEATS_KEY, &address::set_name(stored.as_deref(), name));
    }
}

/// The token this device keeps for the game `id`, if any.
pub fn kept_token(id: &str) -> Option<String> {
    let stored = storage().and_then(|s| s.get_item(SEATS_KEY).ok().flatten());
    address::token(stored.as_deref(), id)
}

/// The name kept.
pub fn kept_name() -> String {
    let stored = storage().and_then(|s| s.get_item(SEATS_KEY).ok().flatten());
    address::name(stored.as_deref())
}

fn carry_out(net: &Shared, command: NetCommand, dispatcher: &UseReducerDispatcher<Page>) {
    match command {
        NetCommand::Fetch {
            ask,
            method,
            path,
            body,
        } => {
            let dispatcher = dispatcher.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let reply = fetch(method, &path, body).await;
                dispatcher.dispatch(Action::Online(OnlineAction::Fetched { ask, reply }));
            });
        }
        NetCommand::Connect {
            gen,
            path,
            delay_ms,
        } => {
            {
                let mut net = net.borrow_mut();
                net.gen = gen;
                net.socket = None;
            }
            let net = net.clone();
            let dispatcher = dispatcher.clone();
            gloo_timers::callback::Timeout::new(delay_ms, move || {
                if net.borrow().gen != gen {
                    return;
                }
                let socket = open(&path, &dispatcher, move |event| {
                    Action::Online(OnlineAction::Socket { gen, event })
                });
                if socket.is_none() {
                    dispatcher.dispatch(Action::Online(OnlineAction::Socket {
                        gen,
                        event: SocketEvent::Closed,
                    }));
                }
                net.borrow_mut().socket = socket;
            })
            .forget();
        }
        NetCommand::Send(text) => {
            if let Some(socket) = &net.borrow().socket {
                if socket.socket.ready_state() == WebSocket::OPEN {
                    let _ = socket.socket.send_with_str(&text);
                }
            }
        }
        NetCommand::Close => {
            let mut net = net.borrow_mut();
            net.gen = net.gen.wrapping_add(1_000_000);
            net.socket = None;
        }
        NetCommand::RememberSeat { id, token, invite } => {
            if let Some(storage) = storage() {
                let stored = storage.get_item(SEATS_KEY).ok().flatten();
                let text =
                    address::remember(stored.as_deref(), &id, &token, invite.as_deref(), None);
                let count = address::let_go(stored.as_deref(), &id);
                if count > 0 {
                    dispatcher.dispatch(Action::Tell(crate::session::Notice::Online(
                        crate::session::online::OnlineNotice::SeatsLetGo { count },
                    )));
                }
                // The storage full: the seat lives as long as the page, and the person is told so.
                if storage.set_item(SEATS_KEY, &text).is_err() {
                    dispatcher.dispatch(Action::Tell(crate::session::Notice::StorageFull(
                        crate::session::Unsaved::Seat,
                    )));
                }
            }
        }
        NetCommand::Address(game) => set_address(game),
        NetCommand::Lobby(LobbyNet::Connect { gen, delay_ms }) => {
            {
                let mut net = net.borrow_mut();
                net.lobby_gen = gen;
                net.lobby = None;
            }
            let net = net.clone();
            let dispatcher = dispatcher.clone();
            gloo_timers::callback::Timeout::new(delay_ms, move || {
                if net.borrow().lobby_gen != gen {
                    return;
                }
                let event = move |event| Action::Online(OnlineAction::LobbySocket { gen, event });
                let socket = open("/api/lobby/live", &dispatcher, event);
                if socket.is_none() {
                    dispatcher.dispatch(event(SocketEvent::Closed));
                }
                net.borrow_mut().lobby = socket;
            })
            .forget();
        }
        NetCommand::Lobby(LobbyNet::Send(text)) => {
            if let Some(socket) = &net.borrow().lobby {
                if socket.socket.ready_state() == WebSocket::OPEN {
                    let _ = socket.socket.send_with_str(&text);
                }
            }
        }
        NetCommand::Lobby(LobbyNet::Close) => {
            let mut net = net.borrow_mut();
            net.lobby_gen = net.lobby_gen.wrapping_add(1_000_000);
            net.lobby = None;
        }
    }
}

/// The page's address names the game (or nothing), without a new history entry: a reload comes back to it.
fn set_address(game: Option<(String, bool)>) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let path = location.pathname().unwrap_or_else(|_| "/".into());
    let url = match game {
        Some((id, watch)) => format!("{path}{}", address::query(&id, watch)),
        None => path,
    };
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// Opens a socket at `path` on the page's own host; its events go home as the actions `action` makes.
fn open(
    path: &str,
    dispatcher: &UseReducerDispatcher<Page>,
    action: impl Fn(SocketEvent) -> Action + Copy + 'static,
) -> Option<Socket> {
    let location = web_sys::window()?.location();
    let scheme = if location.protocol().ok()? == "https:" {
        "wss"
    } else {
        "ws"
    };
    let url = format!("{scheme}://{}{path}", location.host().ok()?);
    let socket = WebSocket::new(&url).ok()?;
    let event = move |dispatcher: &UseReducerDispatcher<Page>, event: SocketEvent| {
        dispatcher.dispatch(action(event))
    };
    let on_open = {
        let dispatcher = dispatcher.clone();
        Closure::<dyn Fn()>::new(move || event(&dispatcher, SocketEvent::Opened))
    };
    let on_message = {
        let dispatcher = dispatcher.clone();
        Closure::<dyn Fn(MessageEvent)>::new(move |e: MessageEvent| {
            if let Some(text) = e.data().as_string() {
                event(&dispatcher, SocketEvent::Message(text));
            }
        })
    };
    let on_close = {
        let dispatcher = dispatcher.clone();
        Closure::<dyn Fn(CloseEvent)>::new(move |_| event(&dispatcher, SocketEvent::Closed))
    };
    socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    Some(Socket {
        socket,
        _on_open: on_open,
        _on_message: on_message,
        _on_close: on_close,
    })
}

/// An HTTP request to the page's own origin: the status and the body, or why there was no answer.
async fn fetch(method: Method, path: &str, body: Option<String>) -> Reply {
    let window = web_sys::window().ok_or("no window")?;
    let init = web_sys::RequestInit::new();
    init.set_method(match method {
        Method::Get => "GET",
        Method::Head => "HEAD",
        Method::Post => "POST",
        Method::Delete => "DELETE",
    });
    if let Some(body) = body {
        let headers = web_sys::Headers::new().map_err(|_| "no headers")?;
        let _ = headers.set("content-type", "application/json");
        init.set_headers(&headers);
        init.set_body(&JsValue::from_str(&body));
    }
    let failed = |e: JsValue| {
        e.dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .unwrap_or_else(|| "the network failed".to_string())
    };
    let response = JsFuture::from(window.fetch_with_str_and_init(path, &init))
        .await
        .map_err(failed)?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "no response")?;
    let status = response.status();
    if method == Method::Head {
        let server = response.headers().get("x-reversi-server").ok().flatten();
        return Ok((status, server.unwrap_or_default()));
    }
    let text = JsFuture::from(response.text().map_err(failed)?)
        .await
        .map_err(failed)?;
    Ok((status, text.as_string().unwrap_or_default()))
}
