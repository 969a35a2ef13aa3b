use super::*;

#[test]
fn a_file_is_migrated_once_and_a_newer_one_refused() {
    let dir = std::env::temp_dir().join(format!("reversi-store-{}", std::process::id()));
    let path = dir.join("nested").join("s.db");
    let _ = std::fs::remove_dir_all(&dir);
    let mut connection = {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        connect(&path).unwrap()
    };
    assert_eq!(migrate(&mut connection), Ok(MIGRATIONS.len() as u32));
    // Again: nothing to do.
    assert_eq!(migrate(&mut connection), Ok(MIGRATIONS.len() as u32));
    connection.pragma_update(None, "user_version", 99).unwrap();
    assert!(migrate(&mut connection).unwrap_err().contains("newer"));
    drop(connection);
    let _ = std::fs::remove_dir_all(&dir);
}
