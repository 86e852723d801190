/// ``PasskeyAccounts`` whose own write of a new account refuses a name that is taken: a unique key on the name's
/// ``UsernameKey``, checked by the statement or transaction that stores the account.
///
/// The ceremony endpoints ask ``PasskeyAccounts/user(named:)`` once more before they hand a new account's
/// registration to the app, so an app whose write forgot the check still refuses a name taken since the options were
/// given. Accounts that conform promise that the write alone refuses it (answered as `usernameTaken`), and the
/// endpoints skip that read: one database round trip fewer per sign-up, and no window between a check and a write.
///
/// Conform only when every path that stores an account refuses a taken name.
public protocol NameRefusingAccounts: PasskeyAccounts {}
